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
KUNIT_BUILD_DIR=$logs/$target KUNIT_RESULTS_DIR=$res KUNIT_LOGS_DIR=$logs \
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
