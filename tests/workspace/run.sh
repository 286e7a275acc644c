#!/bin/bash
# The workspace's own tests: the patch-queue safety of make tree/export,
# byte-identical export of the real series, and the result checker.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP"
fails=0
pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# No "| grep -q" under pipefail: grep leaves at the first match and the
# writer dies of SIGPIPE, which fails the pipeline now and then.
# --- 1. make tree never silently drops work (tiny scratch repo) ----------
r=$tmp/linux p=$tmp/patches
mkdir -p "$r" "$p"
git -C "$r" init -q -b main
git -C "$r" config user.name test; git -C "$r" config user.email test@example.org
echo one > "$r/file"; git -C "$r" add file; git -C "$r" commit -q -m base; git -C "$r" tag base
echo two >> "$r/file"; git -C "$r" commit -q -am "first change"
tree() { LINUX_TREE=$r PATCHES_DIR=$p "$TOP/scripts/tree.sh" "$@"; }
tree export >/dev/null 2>&1 && [ -f "$p/0001-first-change.patch" ] &&
	pass "export writes the commit" || fail "export writes the commit"
cp -r "$p" "$tmp/p1"
tree export >/dev/null 2>&1
diff -r "$p" "$tmp/p1" >/dev/null && pass "re-export is byte-identical" ||
	fail "re-export is byte-identical"
tree tree >/dev/null 2>&1 && pass "tree in sync: nothing to do" || fail "tree in sync"
echo three >> "$r/file"; git -C "$r" commit -q -am "unexported change"
head=$(git -C "$r" rev-parse HEAD)
if tree tree >"$tmp/out" 2>&1; then fail "refuses unexported commits"; else
	grep -q "make export" "$tmp/out" && [ "$(git -C "$r" rev-parse HEAD)" = "$head" ] &&
		pass "refuses unexported commits and says how to export" ||
		fail "refusal message or HEAD changed"
fi
echo four >> "$r/file"
if tree tree >/dev/null 2>&1; then fail "refuses uncommitted edits"; else
	grep -q four "$r/file" && pass "refuses uncommitted edits, keeps them" ||
		fail "uncommitted edit lost"
fi
git -C "$r" checkout -q file
DISCARD=1 tree tree >"$tmp/discard.out" 2>&1
if [ "$(git -C "$r" log -1 --format=%s)" = "first change" ] &&
   git -C "$r" log --format=%s --branches='discarded-*' | grep "unexported change" >/dev/null; then
	pass "DISCARD=1 resets to patches/ and keeps a backup branch"
else
	fail "DISCARD=1"; sed "s/^/       /" "$tmp/discard.out"; git -C "$r" log --oneline --all | sed "s/^/       /"
fi

# --- 2. the real series exports byte for byte ----------------------------
if [ -d build/linux/.git ]; then
	mkdir -p "$tmp/real"
	cp patches/0000-cover-letter.patch "$tmp/real/" 2>/dev/null
	if PATCHES_DIR=$tmp/real scripts/tree.sh export >/dev/null 2>&1 &&
	   diff -r "$tmp/real" patches >"$tmp/diff" 2>&1; then
		pass "build/linux exports to exactly patches/ ($(ls patches | wc -l) files)"
	else
		fail "build/linux does not export to patches/:"; head -20 "$tmp/diff"
	fi
	# export rewrote pq-synced for the same series; nothing else changed.
else
	fail "no build/linux (run make tree)"
fi

# --- 3. every expected suite exists in the series' sources ---------------
while read -r suite _; do
	case $suite in ''|\#*) continue ;; esac
	if git -C build/linux grep -q "\.name = \"$suite\"" HEAD -- drivers/gpu/drm/amd; then
		pass "suite $suite is defined in the series"
	else
		fail "suite $suite listed in tests/kunit-suites.txt but not defined"
	fi
done < tests/kunit-suites.txt

# --- 4. the result checker catches missing suites and skips ---------------
python3 tests/workspace/test_results.py && pass "results.py judges missing/skipped/failed suites" ||
	fail "results.py"

echo "workspace self-tests: $fails failed"
[ "$fails" -eq 0 ]
