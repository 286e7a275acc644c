#!/bin/bash
# make kunit TARGET=<target>: the stock kunit.py for one target, under QEMU.
# Build dir build/<base>/targets/<target>/, JSON build/<base>/results/<target>.json,
# console log build/<base>/results/<target>.log.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
. "$TOP/scripts/targets.sh"
target=${1:?usage: kunit.sh <target>}
target_vars "$target"

# KUNIT_TREE / KUNIT_BUILD_DIR / KUNIT_RESULTS_DIR: used by unfixed.sh
T=${KUNIT_TREE:-$LINUX}
out=${KUNIT_BUILD_DIR:-$BUILD/targets/$target}
res=${KUNIT_RESULTS_DIR:-$BUILD/results}
mkdir -p "$out" "$res"
rm -f "$res/$target.json" "$res/$target.log"

# ccache: Debian's /usr/lib/ccache has gcc and the cross gcc wrappers.
[ -d /usr/lib/ccache ] && export PATH=/usr/lib/ccache:$PATH
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache} CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
export CCACHE_BASEDIR=$TOP KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-@0}

# x86_64 under TCG, as the other targets (see tests/qemu/bin/).
[ "$ARCH" = x86_64 ] && export PATH=$TOP/tests/qemu/bin:$PATH

args=(run --build_dir="$out"
      --kunitconfig=drivers/gpu/drm/amd/amdgpu/.kunitconfig
      "${KUNIT_TARGET_ARGS[@]}"
      --jobs="$(nproc)" --timeout="${KUNIT_TIMEOUT:-600}"
      --json="$res/$target.json")
[ -n "$CROSS_COMPILE" ] && args+=(--cross_compile="$CROSS_COMPILE")
args+=(${KUNIT_EXTRA_ARGS:-})

echo ">>> kunit.py for $BASE $target (build: $out)"
start=$(date +%s)
set +e
(cd "$T" && python3 tools/testing/kunit/kunit.py "${args[@]}") 2>&1 | tee "$res/$target.log"
rc=${PIPESTATUS[0]}
set -e
echo ">>> $BASE $target: kunit.py exit $rc after $(( $(date +%s) - start ))s"
python3 "$TOP/scripts/results.py" check "$target" "$PAGE_SIZE_BYTES" || rc=1
# The kernel builds without a compiler warning (kunit.py does not fail on one).
if grep -q 'warning:' "$res/$target.log"; then
	echo "$target: ERROR: the build printed compiler warnings:"
	grep 'warning:' "$res/$target.log" | sort -u | head -20
	rc=1
fi
exit $rc
