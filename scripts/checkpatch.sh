#!/bin/bash
# checkpatch.pl --strict on every patch of the series: zero errors,
# warnings and checks.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
T=$LINUX
# spdxcheck.py needs python3-ply and python3-git: use Debian's python3.
export PATH=/usr/bin:$PATH
rc=0
n=0
# FILE_PATH_CHANGES only asks "does MAINTAINERS need updating?" for a new
# file. We answer it below: every new file must be covered by an entry that
# lists amd-gfx, which get_maintainer.pl must confirm.
# The trees are unpacked tarballs without git history, so checkpatch can
# neither verify a Fixes: id (UNKNOWN_COMMIT_ID: the ids in the series were
# found in stored upstream mail, see the commit messages) nor know the id a
# Cc: stable fix should name (MISSING_FIXES_TAG): whoever sends the series
# checks both in a kernel tree with history (README, "Sending").
ignore=FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID,MISSING_FIXES_TAG
for p in $(find "$PATCHES" -name '*.patch' ! -name '0000-cover-letter.patch' | sort); do
	n=$((n + 1))
	name=${p#"$PATCHES"/}
	out=$(cd "$T" && ./scripts/checkpatch.pl --strict --no-tree --showfile -q \
		--ignore "$ignore" "$p" 2>&1)
	total=$(cd "$T" && ./scripts/checkpatch.pl --strict --no-tree --ignore "$ignore" \
		"$p" 2>&1 | sed -n 's/^total: //p')
	echo "checkpatch --strict: $name: $total"
	if [ -n "$out" ] || [ -z "$total" ]; then
		echo "$out" | sed 's/^/    /'
		rc=1
	fi
	for f in $(awk '/^diff --git/ {f=$4} /^new file mode/ {sub("^b/", "", f); print f}' "$p"); do
		case $f in
		*.orig | *.rej | *.bak | *~)
			echo "    new file $f: a leftover of patch or an editor, not part of the change"
			rc=1
			continue ;;
		esac
		if (cd "$T" && ./scripts/get_maintainer.pl --no-git --no-git-fallback -f "$f" 2>/dev/null) |
		   grep 'amd-gfx@lists.freedesktop.org' >/dev/null; then
			echo "    new file $f: MAINTAINERS covers it (amd-gfx)"
		else
			echo "    new file $f: not covered by an amd-gfx MAINTAINERS entry"
			rc=1
		fi
	done
done
[ "$n" -gt 0 ] || { echo "checkpatch: no patches found"; rc=1; }
# amdgpu_test.ko ships in distribution kernels and loads next to a live
# amdgpu: no KUnit test may write a driver global unless it restores it and
# says so (KUNIT-GLOBAL: restored / idempotent, see scripts/test-globals.py).
if out=$(python3 "$TOP/scripts/test-globals.py" "$T" 2>&1); then
	echo "test globals: $out"
else
	echo "test globals: KUnit tests write driver globals:"
	echo "$out" | sed 's/^/    /'
	rc=1
fi
# Nor may a test map physical memory, depend on a module parameter unless it
# says why (KUNIT-PARAM: <reason>), or search the live KFD topology or
# processes without a KUnit stub; and every commit of the series must have
# the sources of the test objects it lists and register the suites it
# declares (see scripts/test-safety.py).
if out=$(python3 "$TOP/scripts/test-safety.py" "$T" --commits base..HEAD 2>&1); then
	echo "test safety: $out"
else
	echo "test safety: KUnit tests are not safe next to a live GPU:"
	echo "$out" | sed 's/^/    /'
	rc=1
fi
exit $rc
