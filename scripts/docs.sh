#!/bin/bash
# make docs: the kernel's own Sphinx build of Documentation/gpu (which holds
# the series' amdgpu page) into build/<base>/docs. Fails if Sphinx or kernel-doc
# warns about a file the series adds or changes.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
L=$LINUX
O=$BUILD/docs
mkdir -p "$O"
# Debian's python3 has Sphinx (python3-sphinx), not a pyenv python.
make -C "$L" O="$O" -s htmldocs SPHINXDIRS=gpu PYTHON3=/usr/bin/python3 \
	SPHINXBUILD=/usr/bin/sphinx-build > "$O/htmldocs.log" 2>&1
rc=$?
total=$(grep -cE 'WARNING|ERROR|warning:' "$O/htmldocs.log" || true)
mapfile -t changed < <(git -C "$L" diff --name-only base HEAD)
ours=0
for f in "${changed[@]}"; do
	n=$(grep -E 'WARNING|ERROR|warning:' "$O/htmldocs.log" | grep -cF "$f" || true)
	if [ "$n" -gt 0 ]; then
		grep -E 'WARNING|ERROR|warning:' "$O/htmldocs.log" | grep -F "$f" | sed 's/^/    /'
		ours=$((ours + n))
	fi
done
page=$(find "$O" -path '*gpu/amdgpu/non-4k-pages.html' -print -quit)
echo "htmldocs SPHINXDIRS=gpu: exit $rc, $total warnings in all, $ours in files of the series"
[ -n "$page" ] && echo "page: ${page#$TOP/}" || echo "non-4k-pages.html was not built"
[ "$rc" = 0 ] && [ "$ours" = 0 ] && [ -n "$page" ]
