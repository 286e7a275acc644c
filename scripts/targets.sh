# Sourced by the scripts: per-target settings. Usage: target_vars <target>
# Sets ARCH, CROSS_COMPILE, KUNIT_TARGET_ARGS, DEFCONFIG, PAGE_KCONFIG, PAGE_SIZE_BYTES.
# kunit.py's arguments for each target are the ones the documentation page
# (Documentation/gpu/amdgpu/non-4k-pages.rst) gives, and the workspace's
# self-tests check that they stay so:
#   x86_64-4k    stock --arch=x86_64
#   arm64-16k/64k stock --arch=arm64, the page size with --kconfig_add, and
#                pauth-impdef (QEMU's default pointer authentication
#                algorithm is slow under TCG; 6.12's stock config has it)
#   ppc64le-64k  ours, tests/qemu/ppc64le-64k.py: the stock powerpc configs
#                boot a power8 with console=ttyS0; ours a power9 pseries
#                with 64 KiB pages on hvc0.
target_vars() {
	case $1 in
	x86_64-4k)
		ARCH=x86_64; CROSS_COMPILE=; DEFCONFIG=x86_64_defconfig
		PAGE_KCONFIG=; PAGE_SIZE_BYTES=4096
		KUNIT_TARGET_ARGS=(--arch=x86_64) ;;
	ppc64le-64k)
		ARCH=powerpc; CROSS_COMPILE=powerpc64le-linux-gnu-; DEFCONFIG=ppc64le_defconfig
		PAGE_KCONFIG="CONFIG_PPC_64K_PAGES=y"; PAGE_SIZE_BYTES=65536
		KUNIT_TARGET_ARGS=(--qemu_config="$TOP/tests/qemu/ppc64le-64k.py") ;;
	arm64-16k)
		ARCH=arm64; CROSS_COMPILE=aarch64-linux-gnu-; DEFCONFIG=defconfig
		PAGE_KCONFIG="CONFIG_ARM64_16K_PAGES=y"; PAGE_SIZE_BYTES=16384
		KUNIT_TARGET_ARGS=(--arch=arm64 --kconfig_add "$PAGE_KCONFIG"
				   --qemu_args='-cpu max,pauth-impdef=on') ;;
	arm64-64k)
		ARCH=arm64; CROSS_COMPILE=aarch64-linux-gnu-; DEFCONFIG=defconfig
		PAGE_KCONFIG="CONFIG_ARM64_64K_PAGES=y"; PAGE_SIZE_BYTES=65536
		KUNIT_TARGET_ARGS=(--arch=arm64 --kconfig_add "$PAGE_KCONFIG"
				   --qemu_args='-cpu max,pauth-impdef=on') ;;
	*)
		echo "unknown target '$1' (x86_64-4k ppc64le-64k arm64-16k arm64-64k)" >&2
		return 1 ;;
	esac
}

# kunit_config <target>: the target's KUnit .config in build/<base>/targets/,
# written by kunit.py config (which builds nothing) if it is not there yet.
# Needs LINUX and BUILD (base_vars) and target_vars <target>.
kunit_config() {
	local dir=$BUILD/targets/$1
	[ -f "$dir/.config" ] && return 0
	mkdir -p "$dir"
	(cd "$LINUX" && python3 tools/testing/kunit/kunit.py config --build_dir="$dir" \
		--kunitconfig=drivers/gpu/drm/amd/amdgpu/.kunitconfig "${KUNIT_TARGET_ARGS[@]}" \
		${CROSS_COMPILE:+--cross_compile="$CROSS_COMPILE"}) >/dev/null
	[ -f "$dir/.config" ] || { echo "no $dir/.config (kunit.py config failed)" >&2; return 1; }
}
