#!/bin/bash
# make unfixed TARGET=<target>: run the KUnit suites on the series with the
# fix hunks of tests/unfixed/<base>/revert-fixes.patch reverted (helpers and
# tests kept). REVERT=<patch>: apply that patch instead (one revert or
# mutation of tests/unfixed/<base>/walker/, for example). Shows which tests fail without the fixes and, through
# `make footprint`, the sizes the unfixed driver gives.
# Tree build/unfixed/linux (a worktree of build/linux at HEAD), build dir
# build/unfixed/targets/<target>/, JSON build/unfixed/results/<target>.json.
# (The same relative layout as build/linux and build/targets/, so that
# ccache reuses the objects of the normal KUnit builds.)
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
target=${1:?usage: unfixed.sh <target>}
L=$LINUX
W=$BUILD/unfixed/linux
head=$(git -C "$L" rev-parse HEAD)

if [ ! -e "$W/.git" ]; then
	git -C "$L" worktree prune
	git -C "$L" worktree add -q --detach "$W" "$head"
fi
git -C "$W" checkout -q --detach -f "$head"
git -C "$W" reset -q --hard
revert=$(realpath "${REVERT:-$TOP/tests/unfixed/$BASE/revert-fixes.patch}")
git -C "$W" apply --index "$revert"
echo ">>> unfixed tree: $(git -C "$W" log --oneline -1 HEAD) with ${revert#"$TOP"/}"

mkdir -p "$BUILD/unfixed/results"
KUNIT_TREE=$W KUNIT_BUILD_DIR=$BUILD/unfixed/targets/$target \
KUNIT_RESULTS_DIR=$BUILD/unfixed/results KUNIT_LOGS_DIR=$BUILD/unfixed/targets \
	"$TOP/scripts/kunit.sh" "$target" >/dev/null 2>&1 || true
KUNIT_RESULTS_DIR=$BUILD/unfixed/results python3 "$TOP/scripts/results.py" failed "$target"
