#!/bin/bash
# make check: KUnit on every target, checkpatch --strict on every patch,
# the workspace's own tests. Runs every step, then fails if any failed.
# The last line is "N passed, N failed" over the KUnit cases of all targets.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
targets=("$@")
failed=()
step() {
	local name=$1; shift
	local t0; t0=$(date +%s)
	echo "=== $name"
	if "$@"; then
		echo "=== $name: ok ($(( $(date +%s) - t0 ))s)"
	else
		echo "=== $name: FAILED ($(( $(date +%s) - t0 ))s)"
		failed+=("$name")
	fi
}
t_start=$(date +%s)
# cold: no KUnit build directory existed when make check started;
# "empty ccache" when the compiler cache kunit.sh uses held no object.
state=warm
for t in "${targets[@]}"; do [ -f "build/targets/$t/.config" ] || state=cold; done
cc_files=$(CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache} ccache --print-stats 2>/dev/null |
	awk '$1 == "files_in_cache" { print $2 }')
[ "${cc_files:-0}" = 0 ] && state="$state, empty ccache"
rm -f build/results/*.json
step "workspace self-tests" tests/workspace/run.sh
step "checkpatch --strict" scripts/checkpatch.sh
step "git am reproduces the tree" scripts/reproduce.sh
for t in "${targets[@]}"; do
	step "kunit $t" scripts/kunit.sh "$t"
done
step "W=1, sparse, kernel-doc: base vs series" scripts/warnings.sh x86_64-4k
step "Documentation/gpu (Sphinx)" scripts/docs.sh
echo
python3 scripts/results.py table "${targets[@]}"
echo
for t in "${targets[@]}"; do
	python3 scripts/results.py check "$t" "$(. scripts/targets.sh; TOP=$TOP; target_vars "$t"; echo "$PAGE_SIZE_BYTES")" | head -1
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "make check: FAILED: ${failed[*]}"
else
	echo "make check: all steps passed"
fi
secs=$(( $(date +%s) - t_start ))
echo "$(date -u +%Y-%m-%dT%H:%MZ) make check $state: ${secs}s, $([ ${#failed[@]} -eq 0 ] && echo passed || echo FAILED)" >> build/check-times.txt
python3 scripts/results.py total "${targets[@]}"
[ ${#failed[@]} -eq 0 ]
