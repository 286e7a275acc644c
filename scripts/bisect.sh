#!/bin/bash
# make bisect TARGET=<target>: every prefix of the series compiles amdgpu
# (drivers/gpu/drm/amd/amdgpu, with the KUnit tests) for <target>, reusing
# the target's KUnit build directory so each step is incremental; an object
# whose source a prefix lacks is removed before that prefix builds.
# build/<base>/linux is returned to the series' last commit afterwards.
# BISECT_FROM=<n>: start at patch n (the prefixes before it built earlier).
# BISECT_TO=<n>: stop after patch n.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
. "$TOP/scripts/targets.sh"
target=${1:?usage: bisect.sh <target>}
target_vars "$target" || exit 2
T=$LINUX
O=$BUILD/targets/$target
# The KUnit kernel's configuration (written without a build if missing).
kunit_config "$target" || exit 1
[ -z "$(git -C "$T" status --porcelain --untracked-files=no)" ] ||
	{ echo "$T has uncommitted edits"; exit 1; }
[ -d /usr/lib/ccache ] && export PATH=/usr/lib/ccache:$PATH
export CCACHE_BASEDIR=$TOP KBUILD_BUILD_TIMESTAMP=${KBUILD_BUILD_TIMESTAMP:-@0}
head=$(git -C "$T" symbolic-ref -q --short HEAD || git -C "$T" rev-parse HEAD)
rc=0
n=0
from=${BISECT_FROM:-1}
to=${BISECT_TO:-100000}
for c in $(git -C "$T" rev-list --reverse base..HEAD); do
	n=$((n + 1))
	[ "$n" -ge "$from" ] || continue
	[ "$n" -le "$to" ] || break
	git -C "$T" checkout -q "$c"
	t0=$(date +%s)
	# No prefix may build against an object another prefix left behind:
	# kbuild takes an object whose source is gone for up to date (its
	# .cmd file lists the source as a dependency make may ignore). Drop
	# every object of drivers/gpu/drm/amd whose .c or .S this prefix lacks.
	stale=0
	while IFS= read -r -d '' o; do
		rel=${o#"$O"/}
		[ -e "$T/${rel%.o}.c" ] || [ -e "$T/${rel%.o}.S" ] && continue
		# Composite objects (amdgpu.o, built-in archives) have no source
		# of their name; they are linked again anyway.
		[ -e "$(dirname "$o")/.$(basename "$o").cmd" ] &&
			grep -q '^source_' "$(dirname "$o")/.$(basename "$o").cmd" || continue
		rm -f "$o" "$(dirname "$o")/.$(basename "$o").cmd"
		stale=$((stale + 1))
	done < <(find "$O/drivers/gpu/drm/amd" -name '*.o' -print0 2>/dev/null)
	args=(-C "$T" O="$O" ARCH="$ARCH" -j"$(nproc)" -s)
	[ -n "$CROSS_COMPILE" ] && args+=(CROSS_COMPILE="$CROSS_COMPILE")
	# olddefconfig drops a symbol its Kconfig does not have, so the prefix
	# before the test option exists would leave the option off for every
	# later prefix: turn it on again wherever the prefix has it.
	tests="no KUnit option yet"
	if grep -q '^config DRM_AMDGPU_KUNIT_TEST$' "$T/drivers/gpu/drm/amd/amdgpu/Kconfig"; then
		"$T/scripts/config" --file "$O/.config" -e DRM_AMDGPU_KUNIT_TEST
		tests="with the KUnit tests"
	fi
	if make "${args[@]}" olddefconfig >/dev/null &&
	   { [ "$tests" != "with the KUnit tests" ] ||
	     grep -q '^CONFIG_DRM_AMDGPU_KUNIT_TEST=y$' "$O/.config"; } &&
	   make "${args[@]}" drivers/gpu/drm/amd/amdgpu/ > "$O/bisect-$n.log" 2>&1 &&
	   ! grep -q 'warning:' "$O/bisect-$n.log"; then
		echo "bisect $target: patch $n builds, no warning, $tests, $stale stale objects dropped ($(( $(date +%s) - t0 ))s): $(git -C "$T" log -1 --format=%s)"
	else
		echo "bisect $target: patch $n FAILS: $(git -C "$T" log -1 --format=%s)"
		grep -E 'error|warning' "$O/bisect-$n.log" | head -10 | sed 's/^/    /'
		rc=1
	fi
done
git -C "$T" checkout -q "$head"
exit $rc
