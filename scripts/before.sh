#!/bin/bash
# make kunit-before TARGET=<target>: the KUnit suites on the prefix of the
# series that ends just before posting CHECK_BEFORE_<base> of config.mk
# (7.3: the RFC, 06-rfc-ptb-size), so that every test is seen to pass with
# and without that posting. Every suite of tests/kunit-suites/<base>.txt
# that the prefix defines must run, with its number of cases; the suites
# the posting adds are not expected.
# Tree build/<base>/before/linux (a worktree of build/<base>/linux at the
# prefix), build dir build/<base>/before/targets/<target>/, JSON
# build/<base>/before/results/<target>.json. (The same relative layout as
# build/<base>/linux and build/<base>/targets/, so that ccache reuses the
# objects of the normal KUnit builds.)
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
target=${1:?usage: before.sh <target>}
posting=$(conf "CHECK_BEFORE_${BASE//./\\.}")
[ -n "$posting" ] || { echo "$BASE: no CHECK_BEFORE_$BASE in config.mk"; exit 2; }
[ -d "$PATCHES/$posting" ] || { echo "$BASE: no posting $posting"; exit 2; }
L=$LINUX
W=$BUILD/before/linux

# The prefix: every patch of the postings that sort before $posting.
n=0
for d in "$PATCHES"/*/; do
	[ "$(basename "$d")" \< "$posting" ] || break
	n=$((n + $(find "$d" -maxdepth 1 -name '[0-9]*.patch' ! -name '0000-*' | wc -l)))
done
prefix=$(git -C "$L" rev-list --reverse base..HEAD | sed -n "${n}p")
first=$(git mailinfo /dev/null /dev/null < "$(ls "$PATCHES/$posting"/0001-*.patch)" |
	sed -n 's/^Subject: //p')
next=$(git -C "$L" rev-list --reverse base..HEAD | sed -n "$((n + 1))p")
[ -n "$prefix" ] && [ "$(git -C "$L" log -1 --format=%s "$next")" = "$first" ] ||
	{ echo "$BASE: patch $((n + 1)) of build/$BASE/linux is not the first of $posting"; exit 1; }

if [ ! -e "$W/.git" ]; then
	git -C "$L" worktree prune
	git -C "$L" worktree add -q --detach "$W" "$prefix"
fi
git -C "$W" checkout -q --detach -f "$prefix"
git -C "$W" reset -q --hard
echo ">>> $BASE before $posting: $(git -C "$W" log --oneline -1 HEAD) (patch $n of $(git -C "$L" rev-list --count base..HEAD))"

# The expected suites: those of $SUITES that the prefix defines.
mkdir -p "$BUILD/before/results"
want=$BUILD/before/suites.txt
: > "$want"
while read -r suite cases; do
	grep -rqs --include='*.c' "\.name = \"$suite\"" "$W/drivers/gpu/drm/amd" &&
		echo "$suite $cases" >> "$want"
done < <(sed 's/#.*//' "$SUITES" | awk 'NF == 2')
echo ">>> $(wc -l < "$want") of $(sed 's/#.*//' "$SUITES" | awk 'NF == 2' | wc -l) suites of $(basename "$SUITES") are in the prefix"

KUNIT_TREE=$W KUNIT_BUILD_DIR=$BUILD/before/targets/$target \
KUNIT_RESULTS_DIR=$BUILD/before/results KUNIT_LOGS_DIR=$BUILD/before/targets \
KUNIT_SUITES=$want "$TOP/scripts/kunit.sh" "$target"
