#!/bin/bash
# make bench [TARGET=x86_64-4k]: what the series costs a 4 KiB kernel.
# Builds amdgpu.ko (distribution config, see module.sh) from the base tree
# and from the series and compares them with the kernel's
# scripts/bloat-o-meter: per-function text size, and total .text.
# Also prints the measured wall times of make check (build/check-times.txt).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
target=${1:-x86_64-4k}
L=$LINUX
# Same relative layout as build/<base>/linux + build/<base>/module/<target>, for ccache.
B=$BUILD/base/linux
if [ ! -e "$B/.git" ]; then
	git -C "$L" worktree prune
	git -C "$L" worktree add -q --detach "$B" base
fi
git -C "$B" checkout -q --detach -f base

echo ">>> amdgpu.ko from the base tree"
MODULE_TREE=$B MODULE_BUILD_DIR=$BUILD/base/module/$target \
	MODULE_OUT=$BUILD/base/out/$target "$TOP/scripts/module.sh" "$target" | grep -E '^>>> .*built|^>>> vermagic'
echo ">>> amdgpu.ko from the series"
"$TOP/scripts/module.sh" "$target" | grep -E '^>>> .*built|^>>> vermagic'

base=$BUILD/base/out/$target/amdgpu.ko
series=$BUILD/out/$target/amdgpu.ko
text() { size -A "$1" | awk '$1 == ".text" { print $2 }'; }
tb=$(text "$base"); ts=$(text "$series")
echo
echo "=== $target amdgpu.ko, scripts/bloat-o-meter base -> series (functions that changed)"
"$L/scripts/bloat-o-meter" -c "$base" "$series" | sed -n '/^add\/remove/,/^Total/p' | head -80 || true
echo
awk -v b="$tb" -v s="$ts" 'BEGIN { printf ".text: base %d bytes, series %d bytes, %+d bytes (%+.4f%%)\n", b, s, s - b, (s - b) * 100 / b }'
awk -v b="$tb" -v s="$ts" 'BEGIN { exit !((s - b) * 1000 < b) }' &&
	echo ".text grows by less than 0.1%" || { echo ".text grows by 0.1% or more"; exit 1; }
echo
echo "=== make check wall times (build/check-times.txt)"
if [ -s "$TOP/build/check-times.txt" ]; then
	cat "$TOP/build/check-times.txt"
else
	echo "none recorded yet: run make check"
fi
