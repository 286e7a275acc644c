# Sourced by the scripts: per-target settings. Usage: target_vars <target>
# Sets ARCH, CROSS_COMPILE, KUNIT_QEMU_CONFIG, DEFCONFIG, PAGE_KCONFIG, PAGE_SIZE_BYTES.
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
	KUNIT_QEMU_CONFIG=$TOP/tests/qemu/$1.py
}
