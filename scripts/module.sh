#!/bin/bash
# make module TARGET=<target>: amdgpu.ko as distributions build it
# (CONFIG_DRM_AMDGPU=m, CONFIG_HSA_AMD=y, display core on) from the
# architecture's defconfig, into build/<base>/out/<target>/amdgpu.ko.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
. "$TOP/scripts/targets.sh"
target=${1:?usage: module.sh <target>}
target_vars "$target"

# MODULE_TREE / MODULE_BUILD_DIR / MODULE_OUT: used by bench.sh for the base tree
# MODULE_KUNIT_TEST=m: the packaging of a distribution kernel that ships the
# tests: CONFIG_KUNIT=m and CONFIG_DRM_AMDGPU_KUNIT_TEST=m, amdgpu_test.ko
# built beside amdgpu.ko (default build directory
# build/<base>/module/<target>-kunit-m). Checks that amdgpu.ko does not
# depend on kunit.ko and holds no KUnit test case or suite, that
# amdgpu_test.ko holds them, and that every symbol amdgpu_test.ko takes
# from amdgpu.ko is exported for KUnit only.
T=${MODULE_TREE:-$LINUX}
kt=${MODULE_KUNIT_TEST:-}
case $kt in
"") sfx= ;;
m) sfx=-kunit-m ;;
*) echo "MODULE_KUNIT_TEST=$kt: only m is supported (=y is what make kunit builds)"; exit 2 ;;
esac
O=${MODULE_BUILD_DIR:-$BUILD/module/$target$sfx}
out=${MODULE_OUT:-$BUILD/out/$target$sfx}
mkdir -p "$O" "$out"
[ -d /usr/lib/ccache ] && export PATH=/usr/lib/ccache:$PATH
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache} CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
export CCACHE_BASEDIR=$TOP KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-@0}
mk=(make -C "$T" O="$O" ARCH="$ARCH" -j"$(nproc)")
[ -n "$CROSS_COMPILE" ] && mk+=(CROSS_COMPILE="$CROSS_COMPILE")

frag=$O/amdgpu.config
cat > "$frag.new" <<EOC
CONFIG_LOCALVERSION="-$target"
# CONFIG_LOCALVERSION_AUTO is not set
CONFIG_MODULES=y
CONFIG_PCI=y
CONFIG_DRM=y
CONFIG_DRM_AMDGPU=m
CONFIG_DRM_AMDGPU_SI=y
CONFIG_DRM_AMDGPU_CIK=y
CONFIG_DRM_AMDGPU_USERPTR=y
CONFIG_DRM_AMD_DC=y
CONFIG_HSA_AMD=y
CONFIG_MEMORY_HOTPLUG=y
CONFIG_MEMORY_HOTREMOVE=y
CONFIG_ZONE_DEVICE=y
CONFIG_DEVICE_PRIVATE=y
CONFIG_HSA_AMD_SVM=y
# CONFIG_DRM_AMDGPU_KUNIT_TEST is not set
$PAGE_KCONFIG
EOC
if [ "$kt" = m ]; then
	printf 'CONFIG_KUNIT=m\nCONFIG_DRM_AMDGPU_KUNIT_TEST=m\n' >> "$frag.new"
fi
# Reconfigure only when the fragment changed (keeps rebuilds incremental).
if ! cmp -s "$frag.new" "$frag" || [ ! -f "$O/.config" ]; then
	echo ">>> configuring $target: $DEFCONFIG + $frag"
	"${mk[@]}" -s "$DEFCONFIG" >/dev/null
	(cd "$T" && ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE \
		scripts/kconfig/merge_config.sh -m -O "$O" "$O/.config" "$frag.new" >/dev/null)
	"${mk[@]}" -s olddefconfig >/dev/null
	mv "$frag.new" "$frag"
else
	rm -f "$frag.new"
fi
# Every line of the fragment must have survived olddefconfig.
bad=0
while read -r line; do
	case $line in
	CONFIG_*=*) grep -qxF "$line" "$O/.config" || { echo ">>> $target: $line did not stick"; bad=1; } ;;
	esac
done < "$frag"
[ $bad = 0 ] || exit 1

echo ">>> building amdgpu.ko for $target ($ARCH, PAGE_SIZE $PAGE_SIZE_BYTES)"
start=$(date +%s)
"${mk[@]}" -s LOCALVERSION= modules_prepare
# Kbuild's "CC ..." lines are the progress report of this long step.
# Only amdgpu.ko is built, not vmlinux or the other modules, so modpost
# cannot resolve symbols: its unresolved-symbol warnings are dropped.
echo ">>> (modpost runs without vmlinux: unresolved-symbol warnings are expected and hidden)"
kos=(drivers/gpu/drm/amd/amdgpu/amdgpu.ko)
# kunit.ko too, so that modpost knows which module exports kunit_*
[ "$kt" = m ] && kos+=(drivers/gpu/drm/amd/amdgpu/amdgpu_test.ko lib/kunit/kunit.ko)
"${mk[@]}" LOCALVERSION= KBUILD_MODPOST_WARN=1 "${kos[@]}" 2>&1 |
	{ grep -v -e '^WARNING: modpost: .* undefined!$' -e 'modpost: suppressed .* unresolved symbol' \
		-e '^WARNING: vmlinux.o is missing' -e 'You may get many unresolved symbol' \
		-e 'KBUILD_MODPOST_WARN=1 to turn errors into warning' || true; }

cp "$O/drivers/gpu/drm/amd/amdgpu/amdgpu.ko" "$out/amdgpu.ko"
cp "$O/.config" "$out/config"
if [ "$kt" = m ]; then
	tko=$O/drivers/gpu/drm/amd/amdgpu/amdgpu_test.ko
	ako=$O/drivers/gpu/drm/amd/amdgpu/amdgpu.ko
	cp "$tko" "$out/amdgpu_test.ko"
	# amdgpu.ko: no dependency on kunit.ko, no test case or suite in it.
	# The KUnit hooks of its static stubs (kunit_running) are built in.
	adep=$(modinfo -F depends "$ako")
	acases=$("${CROSS_COMPILE}nm" "$ako" | awk '$3 ~ /_(cases|suite)$/ || $3 ~ /^kunit_/ {print $3}' | LC_ALL=C sort -u)
	tcases=$("${CROSS_COMPILE}nm" "$tko" | awk '$3 ~ /_cases$/' | grep -c . || true)
	if printf '%s\n' "$adep" | tr , '\n' | grep -qx kunit || [ -n "$acases" ] || [ "$tcases" = 0 ]; then
		echo ">>> amdgpu.ko is not free of test code (depends: $adep)"
		[ -n "$acases" ] && printf '    in amdgpu.ko: %s\n' $acases
		echo "    KUnit case arrays in amdgpu_test.ko: $tcases"
		exit 1
	fi
	echo ">>> amdgpu.ko: depends: $adep; no kunit symbol, test case or suite;" \
		"amdgpu_test.ko holds $tcases case arrays"
	# The symbols amdgpu_test.ko takes from amdgpu.ko: each must be in
	# amdgpu's EXPORTED_FOR_KUNIT_TESTING namespace, and there must be some.
	"${CROSS_COMPILE}nm" -u "$tko" | awk '{print $2}' | LC_ALL=C sort > "$O/test-undef.txt"
	# without vmlinux, modpost writes modules-only.symvers
	symvers=$O/Module.symvers
	[ -f "$symvers" ] || symvers=$O/modules-only.symvers
	awk '$3 ~ /amdgpu\/amdgpu$/ {print $2, $5}' "$symvers" | LC_ALL=C sort > "$O/amdgpu-exports.txt"
	from_amdgpu=$(LC_ALL=C join "$O/test-undef.txt" "$O/amdgpu-exports.txt")
	n=$(printf '%s\n' "$from_amdgpu" | grep -c . || true)
	other_ns=$(printf '%s\n' "$from_amdgpu" | awk 'NF && $2 != "EXPORTED_FOR_KUNIT_TESTING"')
	# a suite the module registers that amdgpu.ko does not export
	missing=$({ grep '_suite$' "$O/test-undef.txt" || true; } | LC_ALL=C join -v 1 - "$O/amdgpu-exports.txt")
	dep=$(modinfo -F depends "$tko")
	# (modpost names only the modules built here: amdgpu, kunit)
	tdeps=$(printf '%s\n' "$dep" | tr , '\n' | grep -cx 'amdgpu\|kunit' || true)
	if [ "$n" = 0 ] || [ -n "$other_ns" ] || [ -n "$missing" ] || [ "$tdeps" != 2 ]; then
		echo ">>> amdgpu_test.ko does not link against amdgpu.ko's KUnit exports as expected" \
			"(depends: $dep; $n symbols from amdgpu.ko)"
		[ -n "$other_ns" ] && printf '    not for KUnit only: %s\n' $other_ns
		[ -n "$missing" ] && printf '    not exported by amdgpu.ko: %s\n' $missing
		exit 1
	fi
	echo ">>> amdgpu_test.ko: depends: $dep; takes $n symbols from amdgpu.ko, all in" \
		"EXPORTED_FOR_KUNIT_TESTING; $(grep -c . "$O/test-undef.txt") undefined symbols in all"
	echo ">>> $out/amdgpu_test.ko"
fi
echo ">>> $target: amdgpu.ko built in $(( $(date +%s) - start ))s"
echo ">>> $out/amdgpu.ko"
modinfo -F vermagic "$out/amdgpu.ko" | sed 's/^/>>> vermagic: /'
grep -E '^CONFIG_(CPU_LITTLE_ENDIAN|PPC_64K_PAGES|ARM64_(4|16|64)K_PAGES|X86_64|DRM_AMDGPU|HSA_AMD|DRM_AMD_DC)=' "$out/config" | sed 's/^/>>> /'
