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
T=${MODULE_TREE:-$LINUX}
O=${MODULE_BUILD_DIR:-$BUILD/module/$target}
out=${MODULE_OUT:-$BUILD/out/$target}
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
"${mk[@]}" LOCALVERSION= KBUILD_MODPOST_WARN=1 drivers/gpu/drm/amd/amdgpu/amdgpu.ko 2>&1 |
	{ grep -v -e '^WARNING: modpost: .* undefined!$' -e 'modpost: suppressed .* unresolved symbol' \
		-e '^WARNING: vmlinux.o is missing' -e 'You may get many unresolved symbol' \
		-e 'KBUILD_MODPOST_WARN=1 to turn errors into warning' || true; }

cp "$O/drivers/gpu/drm/amd/amdgpu/amdgpu.ko" "$out/amdgpu.ko"
cp "$O/.config" "$out/config"
echo ">>> $target: amdgpu.ko built in $(( $(date +%s) - start ))s"
echo ">>> $out/amdgpu.ko"
modinfo -F vermagic "$out/amdgpu.ko" | sed 's/^/>>> vermagic: /'
grep -E '^CONFIG_(CPU_LITTLE_ENDIAN|PPC_64K_PAGES|ARM64_(4|16|64)K_PAGES|X86_64|DRM_AMDGPU|HSA_AMD|DRM_AMD_DC)=' "$out/config" | sed 's/^/>>> /'
