# Sourced by the scripts: per-target settings. Usage: target_vars <target>
# Sets ARCH, CROSS_COMPILE, KUNIT_TARGET_ARGS, DEFCONFIG, PAGE_KCONFIG, PAGE_SIZE_BYTES.
# x86_64-4k is kunit.py's stock x86_64 QEMU config (--arch=x86_64); the
# large-page targets need ours (tests/qemu/<target>.py): the stock ppc64le
# and arm64 configs boot 4K-page kernels (and ppc64le a power8 on ttyS0).
target_vars() {
	case $1 in
	x86_64-4k)
		ARCH=x86_64; CROSS_COMPILE=; DEFCONFIG=x86_64_defconfig
		PAGE_KCONFIG=; PAGE_SIZE_BYTES=4096 ;;
	ppc64le-64k)
		ARCH=powerpc; CROSS_COMPILE=powerpc64le-linux-gnu-; DEFCONFIG=ppc64le_defconfig
		PAGE_KCONFIG="CONFIG_PPC_64K_PAGES=y"; PAGE_SIZE_BYTES=65536 ;;
	arm64-16k)
		ARCH=arm64; CROSS_COMPILE=aarch64-linux-gnu-; DEFCONFIG=defconfig
		PAGE_KCONFIG="CONFIG_ARM64_16K_PAGES=y"; PAGE_SIZE_BYTES=16384 ;;
	arm64-64k)
		ARCH=arm64; CROSS_COMPILE=aarch64-linux-gnu-; DEFCONFIG=defconfig
		PAGE_KCONFIG="CONFIG_ARM64_64K_PAGES=y"; PAGE_SIZE_BYTES=65536 ;;
	*)
		echo "unknown target '$1' (x86_64-4k ppc64le-64k arm64-16k arm64-64k)" >&2
		return 1 ;;
	esac
	if [ -f "$TOP/tests/qemu/$1.py" ]; then
		KUNIT_TARGET_ARGS=(--qemu_config="$TOP/tests/qemu/$1.py")
	else
		KUNIT_TARGET_ARGS=(--arch="$ARCH")
	fi
}
