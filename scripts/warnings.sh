#!/bin/bash
# make warnings [TARGET=x86_64-4k]: W=1, sparse (C=2) and kernel-doc -Wall on
# the amdgpu/amdkfd files the series changes, for the base tree and for the
# series. Prints both counts; fails if the series has a warning the base
# tree does not have (compared without line numbers).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
. "$TOP/scripts/targets.sh"
target=${1:-x86_64-4k}
target_vars "$target"
L=$LINUX
B=$BUILD/warnings/base-linux
out=$BUILD/warnings
mkdir -p "$out"
cfg=$BUILD/targets/$target/.config
# The KUnit kernel's configuration; when make check runs no KUnit for this
# target on this base, kunit.py writes it without building anything.
kunit_config "$target" || exit 1

if [ ! -e "$B/.git" ]; then
	git -C "$L" worktree prune
	git -C "$L" worktree add -q --detach "$B" base
fi
git -C "$B" checkout -q --detach -f base

# The .c files of amdgpu/amdkfd the series changes (tests are #included or
# built on their own and have no base version).
mapfile -t files < <(git -C "$L" diff --name-only base HEAD -- \
	'drivers/gpu/drm/amd/*.c' | grep -v '/tests/')
mapfile -t headers < <(git -C "$L" diff --name-only base HEAD -- \
	'drivers/gpu/drm/amd/*.h')
# amdkfd is built by amdgpu's Makefile, as amdgpu/../amdkfd/*.o
objs=()
for f in "${files[@]}"; do
	o=${f%.c}.o
	objs+=("${o/drivers\/gpu\/drm\/amd\/amdkfd\//drivers/gpu/drm/amd/amdgpu/../amdkfd/}")
done
[ -d /usr/lib/ccache ] && export PATH=/usr/lib/ccache:$PATH
export CCACHE_BASEDIR=$TOP KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-@0}

run() { # <name> <tree>
	local name=$1 tree=$2 o=$out/$1
	mkdir -p "$o"
	local mk=(make -C "$tree" O="$o/build" ARCH="$ARCH" -j"$(nproc)" -k)
	[ -n "$CROSS_COMPILE" ] && mk+=(CROSS_COMPILE="$CROSS_COMPILE")
	mkdir -p "$o/build"
	cp "$cfg" "$o/build/.config"
	"${mk[@]}" -s olddefconfig >/dev/null
	"${mk[@]}" -s prepare >/dev/null 2>&1
	local have=()
	for ob in "${objs[@]}"; do [ -f "$tree/${ob%.o}.c" ] && have+=("$ob"); done
	# rebuild them all, so that every warning is printed again
	for ob in "${have[@]}"; do rm -f "$o/build/$ob"; done
	"${mk[@]}" W=1 "${have[@]}" > "$o/w1.log" 2>&1 || true
	"${mk[@]}" C=2 CHECK=sparse "${have[@]}" > "$o/sparse.log" 2>&1 || true
	(cd "$tree" && for f in "${files[@]}" "${headers[@]}"; do
		[ -f "$f" ] && scripts/kernel-doc -none -Wall "$f" 2>&1
	done) > "$o/kdoc.log" || true
	for k in w1 sparse kdoc; do
		# file: message, without line and column numbers. kernel-doc of
		# 7.x prints "Warning: <file>:<line> <message>", 6.12's
		# "<file>:<line>: warning: <message>".
		grep -iE '(warning|error):' "$o/$k.log" |
			sed -E 's#^[^ :]*/((drivers|include|arch)/)#\1#; s#:[0-9]+(:[0-9]+)?:?( |$)#:\2#' |
			sort -u > "$o/$k.set" || true
	done
}
echo ">>> W=1, sparse and kernel-doc on ${#files[@]} .c and ${#headers[@]} .h files ($target)"
run base "$B"
run series "$L"
rc=0
for k in w1 sparse kdoc; do
	nb=$(grep -ciE '(warning|error):' "$out/base/$k.log" || true)
	ns=$(grep -ciE '(warning|error):' "$out/series/$k.log" || true)
	if [ "$k" = sparse ] && grep -F 'sparse is not available or not up to date' "$out/series/$k.log" >/dev/null; then
		echo "sparse  not run: this tree needs a newer sparse than the machine's $(sparse --version 2>/dev/null)"
		continue
	fi
	new=$(comm -13 "$out/base/$k.set" "$out/series/$k.set")
	printf '%-7s base %4s, series %4s, new %s\n' "$k" "$nb" "$ns" "$(echo -n "$new" | grep -c . || true)"
	if [ -n "$new" ]; then
		echo "$new" | sed 's/^/    new: /'
		rc=1
	fi
done
exit $rc
