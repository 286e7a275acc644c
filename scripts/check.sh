#!/bin/bash
# make check: for every base (config.mk BASES), the tree, checkpatch
# --strict on every patch, git am reproduces the tree, KUnit on the base's
# CHECK_TARGETS_<base>, W=1/sparse/kernel-doc base vs series, the Sphinx
# docs; and the workspace's own tests. Runs every step, then fails if any
# failed. CHECK_ALL=1 (make check-all): every target of TARGETS on every
# base. CHECK_BASES="<base>...": only these bases.
# The last line is "N passed, N failed" over the KUnit cases of all runs.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
. scripts/base.sh
. scripts/targets.sh
bases=(${CHECK_BASES:-$(conf BASES)})
failed=()
runs=()
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
targets_of() { # <base>
	if [ "${CHECK_ALL:-0}" = 1 ]; then conf TARGETS; else base_vars "$1"; echo "$CHECK_TARGETS"; fi
}
t_start=$(date +%s)
# cold: no KUnit build directory existed when make check started;
# "empty ccache" when the compiler cache kunit.sh uses held no object.
state=warm
for b in "${bases[@]}"; do
	for t in $(targets_of "$b"); do [ -f "build/$b/targets/$t/.config" ] || state=cold; done
done
cc_files=$(CCACHE_DIR=${CCACHE_DIR:-$HOME/.ccache} ccache --print-stats 2>/dev/null |
	awk '$1 == "files_in_cache" { print $2 }')
[ "${cc_files:-0}" = 0 ] && state="$state, empty ccache"

for b in "${bases[@]}"; do
	step "$b: tree" env BASE="$b" scripts/tree.sh tree
done
step "workspace self-tests" tests/workspace/run.sh
for b in "${bases[@]}"; do
	export BASE=$b
	base_vars "$b"
	rm -f "$BUILD"/results/*.json
	step "$b: checkpatch --strict" scripts/checkpatch.sh
	step "$b: git am reproduces the tree" scripts/reproduce.sh
	for t in $(targets_of "$b"); do
		step "$b: kunit $t" scripts/kunit.sh "$t"
		runs+=("$b:$t")
	done
	# The same suites on the prefix before CHECK_BEFORE_<base> (7.3: the
	# RFC), on every target: the tests pass with that posting and without.
	before=$(conf "CHECK_BEFORE_${b//./\\.}")
	if [ -n "$before" ]; then
		for t in $(targets_of "$b"); do
			step "$b: kunit $t before $before" scripts/before.sh "$t"
		done
	fi
	step "$b: W=1, sparse, kernel-doc: base vs series" scripts/warnings.sh x86_64-4k
	step "$b: packaging: amdgpu.ko without test code (KUNIT=m)" \
		env MODULE_KUNIT_TEST=m scripts/module.sh x86_64-4k
	step "$b: Documentation/gpu (Sphinx)" scripts/docs.sh
done
echo
for b in "${bases[@]}"; do
	echo "KUnit cases per suite, base $b:"
	mine=()
	for r in "${runs[@]}"; do [ "${r%%:*}" = "$b" ] && mine+=("$r"); done
	BASE=$b python3 scripts/results.py table "${mine[@]}"
	echo
done
for r in "${runs[@]}"; do
	t=${r#*:}
	BASE=${r%%:*} python3 scripts/results.py check "$r" \
		"$(target_vars "$t"; echo "$PAGE_SIZE_BYTES")" | head -1
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "make check: FAILED: ${failed[*]}"
else
	echo "make check: all steps passed"
fi
secs=$(( $(date +%s) - t_start ))
mkdir -p build
what="make check"; [ "${CHECK_ALL:-0}" = 1 ] && what="make check-all"
echo "$(date -u +%Y-%m-%dT%H:%MZ) $what (${runs[*]}) $state: ${secs}s, $([ ${#failed[@]} -eq 0 ] && echo passed || echo FAILED)" >> build/check-times.txt
python3 scripts/results.py total "${runs[@]}"
[ ${#failed[@]} -eq 0 ]
