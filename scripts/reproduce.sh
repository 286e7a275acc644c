#!/bin/bash
# git am of patches/ onto the base commit reproduces build/linux byte for
# byte: same tree object (every file's content and mode) as HEAD.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
L=$TOP/build/linux
W=$TOP/build/am-check
git -C "$L" worktree remove --force "$W" 2>/dev/null || rm -rf "$W"
git -C "$L" worktree prune
git -C "$L" worktree add -q --detach "$W" base
trap 'git -C "$L" worktree remove --force "$W" 2>/dev/null || true' EXIT
n=0
for p in "$TOP"/patches/0*.patch; do
	case $p in */0000-cover-letter.patch) continue ;; esac
	git -C "$W" -c user.name=am-check -c user.email=am-check@localhost am -q "$p"
	n=$((n + 1))
done
want=$(git -C "$L" rev-parse 'HEAD^{tree}')
got=$(git -C "$W" rev-parse 'HEAD^{tree}')
echo "git am of $n patches onto base $(git -C "$L" rev-parse --short base): tree $got"
echo "build/linux HEAD:                             tree $want"
if [ "$got" != "$want" ]; then
	echo "git am does not reproduce build/linux:"
	git -C "$L" diff --stat "$got" "$want" | tail -5
	exit 1
fi
echo "identical"
