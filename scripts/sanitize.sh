#!/bin/bash
# make kunit-sanitize TARGET=<target>: the KUnit suites in a kernel with
# KASAN (generic) and UBSAN. A KASAN report fails the running KUnit case;
# any KASAN or UBSAN report in the console log fails the run as well.
# Build dir build/sanitize/targets/<target>, JSON build/sanitize/results/.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
. "$TOP/scripts/targets.sh"
target=${1:?usage: sanitize.sh <target>}
target_vars "$target"
res=$BUILD/sanitize/results
logs=$BUILD/sanitize/targets
mkdir -p "$res" "$logs"
rc=0

# Build fixes the sanitizer kernel of an architecture needs that are not
# part of the series (tests/sanitize/<base>/<arch>/*.patch, each saying
# why): they go into a worktree of the series tree at its HEAD, kept as
# uncommitted changes so that a new series only rebuilds what it changes.
tree=$LINUX
fixes=$(ls "$TOP/tests/sanitize/$BASE/$ARCH/"*.patch 2>/dev/null || true)
if [ -n "$fixes" ]; then
	tree=$BUILD/sanitize/linux-$ARCH
	head=$(git -C "$LINUX" rev-parse HEAD)
	if [ ! -e "$tree/.git" ]; then
		git -C "$LINUX" worktree add -q -f --detach "$tree" "$head"
	elif ! git -C "$tree" checkout -q --detach "$head"; then
		git -C "$tree" checkout -q -f --detach "$head"
	fi
	for f in $fixes; do
		git -C "$tree" apply --reverse --check "$f" 2>/dev/null ||
			git -C "$tree" apply "$f"
		echo ">>> $target: sanitizer tree with $(basename "$f")"
	done
fi
# A build directory remembers its source tree: start afresh for another one.
built_from=$(cat "$logs/$target/.srctree" 2>/dev/null || echo "$LINUX")
if [ "$built_from" != "$tree" ]; then
	rm -rf "${logs:?}/$target"
	mkdir -p "$logs/$target"
	echo "$tree" > "$logs/$target/.srctree"
fi
KUNIT_TREE=$tree KUNIT_BUILD_DIR=$logs/$target KUNIT_RESULTS_DIR=$res KUNIT_LOGS_DIR=$logs \
KUNIT_EXTRA_ARGS="--kconfig_add CONFIG_KASAN=y --kconfig_add CONFIG_KASAN_GENERIC=y \
--kconfig_add CONFIG_KASAN_VMALLOC=y --kconfig_add CONFIG_UBSAN=y \
--kconfig_add CONFIG_UBSAN_BOUNDS=y --kconfig_add CONFIG_UBSAN_SHIFT=y" \
	"$TOP/scripts/kunit.sh" "$target" || rc=1
for f in "BUG: KASAN" "UBSAN:"; do
	if grep -q "$f" "$logs/$target/test.log" 2>/dev/null; then
		echo ">>> $target: '$f' report in the console log:"
		grep -A3 "$f" "$logs/$target/test.log" | head -20
		rc=1
	fi
done
grep -qE '^CONFIG_KASAN=y' "$logs/$target/.config" && grep -qE '^CONFIG_UBSAN=y' "$logs/$target/.config" ||
	{ echo ">>> $target: KASAN or UBSAN did not make it into the config"; rc=1; }
[ $rc = 0 ] && echo ">>> $target: KASAN + UBSAN: no reports"
exit $rc
