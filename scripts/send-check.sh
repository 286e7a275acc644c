#!/bin/bash
# make send-check BASE=<base> [TARGET=<target>]: what must hold before the
# series is sent. Every patch passes checkpatch --strict (scripts/checkpatch.sh,
# which also checks that MAINTAINERS covers each new file), get_maintainer.pl
# names amd-gfx for every patch, the series git-ams onto the pinned base and
# gives the tree byte for byte (scripts/reproduce.sh), and every prefix of the
# series compiles amdgpu for TARGET (scripts/bisect.sh, incremental in that
# target's KUnit build directory). SEND_CHECK_NO_BISECT=1 skips the last step.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
target=${1:-x86_64-4k}
rc=0
step() {
	echo ">>> send-check $BASE: $1"
	shift
	"$@" || { echo ">>> send-check $BASE: FAILED: $*"; rc=1; }
}

maintainers() {
	local p bad=0
	for p in $(find "$PATCHES" -name '*.patch' ! -name '0000-cover-letter.patch' | sort); do
		if (cd "$LINUX" && ./scripts/get_maintainer.pl --no-git --no-git-fallback \
			--no-rolestats "$p" 2>/dev/null) | grep 'amd-gfx@lists.freedesktop.org' >/dev/null; then
			:
		else
			echo "    ${p#"$PATCHES"/}: get_maintainer.pl does not name amd-gfx"
			bad=1
		fi
	done
	[ $bad = 0 ] && echo "    get_maintainer.pl names amd-gfx@lists.freedesktop.org for every patch"
	return $bad
}

# A patch with Cc: stable carries no test and applies to the plain base on
# its own (stable takes it alone), or after the prerequisites its Cc: stable
# line names in stable's own form ("Cc: stable@vger.kernel.org # 6.12.x:
# <id>", Documentation/process/stable-kernel-rules.rst): mainline commits
# that the series carries in their 6.12 form, the patch that says "form of
# mainline commit <id>".
stable_prereq_patch() {
	grep -l "form of mainline commit $1\b" $(find "$PATCHES" -name '*.patch' \
		! -name '0000-cover-letter.patch' | sort) 2>/dev/null | head -1
}
stable_alone() {
	local p q id n=0 npre=0 bad=0 W=$BUILD/am-stable am
	am=(git -C "$W" -c user.name=am-check -c user.email=am-check@localhost am -q)
	git -C "$LINUX" worktree remove --force "$W" 2>/dev/null || rm -rf "$W"
	git -C "$LINUX" worktree prune
	git -C "$LINUX" worktree add -q --detach "$W" base
	for p in $(find "$PATCHES" -name '*.patch' ! -name '0000-cover-letter.patch' | sort); do
		grep -q '^Cc: stable@vger.kernel.org' "$p" || continue
		n=$((n + 1))
		if grep -q '^+++ b/.*/tests/' "$p"; then
			echo "    ${p#"$PATCHES"/}: Cc: stable, but changes a file under tests/"; bad=1
		fi
		git -C "$W" checkout -q --detach -f base
		local pre=0
		for id in $(sed -n 's/^Cc: stable@vger.kernel.org # [^:]*: *\([0-9a-f]\{12,40\}\).*/\1/p' "$p"); do
			q=$(stable_prereq_patch "$id")
			if [ -z "$q" ] || ! "${am[@]}" "$q" >/dev/null 2>&1; then
				git -C "$W" am --abort 2>/dev/null
				echo "    ${p#"$PATCHES"/}: prerequisite $id: ${q:+${q#"$PATCHES"/} does not git am onto the base}${q:-no patch of the series is its form}"
				bad=1
			fi
			pre=1
		done
		npre=$((npre + pre))
		if ! "${am[@]}" "$p" >/dev/null 2>&1; then
			git -C "$W" am --abort 2>/dev/null
			if [ $pre = 1 ]; then
				echo "    ${p#"$PATCHES"/}: Cc: stable, but does not git am onto the base after its prerequisites"
			else
				echo "    ${p#"$PATCHES"/}: Cc: stable, but does not git am onto the base alone"
			fi
			bad=1
		fi
	done
	git -C "$LINUX" worktree remove --force "$W" 2>/dev/null || true
	[ $bad = 0 ] && echo "    $n patches with Cc: stable: no tests/ file, each git-ams onto the base alone ($npre after the prerequisites their Cc: stable line names)"
	return $bad
}

step "checkpatch --strict" "$TOP/scripts/checkpatch.sh"
step "Cc: stable patches stand alone" stable_alone
step "get_maintainer.pl" maintainers
step "git am onto the pinned base" "$TOP/scripts/reproduce.sh"
if [ -z "${SEND_CHECK_NO_BISECT:-}" ]; then
	step "every prefix builds ($target)" "$TOP/scripts/bisect.sh" "$target"
fi
if [ $rc != 0 ]; then
	echo ">>> send-check $BASE: not ready"
elif [ -n "${SEND_CHECK_NO_BISECT:-}" ]; then
	echo ">>> send-check $BASE: passed, but the prefixes were not built (SEND_CHECK_NO_BISECT)"
else
	echo ">>> send-check $BASE: ready to send"
fi
exit $rc
