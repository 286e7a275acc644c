#!/bin/bash
# git am of patches/<base>/ onto the base commit reproduces build/<base>/linux byte for
# byte: same tree object (every file's content and mode) as HEAD.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
L=$LINUX
W=$BUILD/am-check
git -C "$L" worktree remove --force "$W" 2>/dev/null || rm -rf "$W"
git -C "$L" worktree prune
git -C "$L" worktree add -q --detach "$W" base
trap 'git -C "$L" worktree remove --force "$W" 2>/dev/null || true' EXIT
n=0
# One posting, or one per subdirectory, in the order of the names.
for p in $(find "$PATCHES" -name '*.patch' ! -name '0000-cover-letter.patch' | sort); do
	git -C "$W" -c user.name=am-check -c user.email=am-check@localhost am -q "$p"
	n=$((n + 1))
done
want=$(git -C "$L" rev-parse 'HEAD^{tree}')
got=$(git -C "$W" rev-parse 'HEAD^{tree}')
echo "git am of $n patches onto base $(git -C "$L" rev-parse --short base): tree $got"
echo "${L#"$TOP"/} HEAD:                        tree $want"
if [ "$got" != "$want" ]; then
	echo "git am does not reproduce ${L#"$TOP"/}:"
	git -C "$L" diff --stat "$got" "$want" | tail -5
	exit 1
fi
echo "identical"
