#!/bin/bash
# The workspace's own tests: the patch-queue safety of make tree/export,
# byte-identical export of the real series, the result checker, and
# make outgoing on a fake series with a fake get_maintainer.pl.
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

# --- 1b. postings: Gbp-Pq: Topic trailers <-> one directory per posting ---
r2=$tmp/linux2 p2=$tmp/patches2
mkdir -p "$r2" "$p2"
git -C "$r2" init -q -b main
git -C "$r2" config user.name test; git -C "$r2" config user.email test@example.org
echo one > "$r2/file"; git -C "$r2" add file; git -C "$r2" commit -q -m base; git -C "$r2" tag base
for t in 01-fixes 01-fixes 02-rfc-x; do
	echo "$t" >> "$r2/file"
	git -C "$r2" commit -q -am "change for $t" -m "Body." -m "Signed-off-by: test <test@example.org>
Gbp-Pq: Topic $t"
done
tree2() { LINUX_TREE=$r2 PATCHES_DIR=$p2 "$TOP/scripts/tree.sh" "$@"; }
if tree2 export >/dev/null 2>&1 && [ -f "$p2/01-fixes/0002-change-for-01-fixes.patch" ] &&
   [ -f "$p2/02-rfc-x/0001-change-for-02-rfc-x.patch" ] &&
   grep -F "[PATCH 2/2]" "$p2/01-fixes/0002-change-for-01-fixes.patch" >/dev/null &&
   ! grep -rF "Gbp-Pq" "$p2" >/dev/null; then
	pass "export writes one directory per Gbp-Pq topic, numbered per posting, without the trailer"
else
	fail "export by topic"; find "$p2" | sed "s/^/       /"
fi
sed -i 's/^\*\*\* BLURB HERE \*\*\*$/The fixes./; s/\*\*\* SUBJECT HERE \*\*\*/two fixes/' "$p2/01-fixes/0000-cover-letter.patch"
cp -r "$p2" "$tmp/p2a"
git -C "$r2" reset -q --hard base
if tree2 tree >/dev/null 2>&1 && [ "$(git -C "$r2" log -1 --format='%(trailers:key=Gbp-Pq,valueonly)')" = "Topic 02-rfc-x" ] &&
   tree2 export >/dev/null 2>&1 && diff -r "$p2" "$tmp/p2a" >/dev/null; then
	pass "tree puts the topics back, and export then gives the same files and cover letter text"
else
	fail "round trip of the postings"; diff -r "$p2" "$tmp/p2a" | head -5 | sed "s/^/       /"
fi
echo more >> "$r2/file"
git -C "$r2" commit -q -am "back to 01" -m "Signed-off-by: test <test@example.org>
Gbp-Pq: Topic 01-fixes"
if tree2 export >"$tmp/nc.out" 2>&1; then fail "refuses a posting split in two"; else
	grep -F "not contiguous" "$tmp/nc.out" >/dev/null && pass "refuses a posting whose commits are not contiguous" ||
		fail "non-contiguous message: $(cat "$tmp/nc.out")"
fi

# --- 2. per base: the real series exports byte for byte; its suites exist --
. scripts/base.sh
for b in $(conf BASES); do
	base_vars "$b"
	rel=${LINUX#"$TOP"/}
	if [ -d "$LINUX/.git" ]; then
		mkdir -p "$tmp/real-$b"
		# The cover letters' text is kept from patches/ (one per posting).
		for c in $(cd "$PATCHES" && find . -name 0000-cover-letter.patch); do
			mkdir -p "$tmp/real-$b/$(dirname "$c")"
			cp "$PATCHES/$c" "$tmp/real-$b/$c"
		done
		if PATCHES_DIR=$tmp/real-$b scripts/tree.sh export >/dev/null 2>&1 &&
		   diff -r "$tmp/real-$b" "$PATCHES" >"$tmp/diff" 2>&1; then
			pass "$b: $rel exports to exactly patches/$b/ ($(find "$PATCHES" -name '*.patch' | wc -l) files)"
		else
			fail "$b: $rel does not export to patches/$b/:"; head -20 "$tmp/diff"
		fi
		while read -r suite _; do
			case $suite in ''|\#*) continue ;; esac
			if git -C "$LINUX" grep -q "\.name = \"$suite\"" HEAD -- drivers/gpu/drm/amd; then
				pass "$b: suite $suite is defined in the series"
			else
				fail "$b: suite $suite listed in tests/kunit-suites/$b.txt but not defined"
			fi
		done < "$SUITES"
		# The base commit names the package version that was fetched.
		if git -C "$LINUX" log -1 --format=%s base | grep -F "Debian $SRC_PKG $(cat "build/apt/$b/version" 2>/dev/null)" >/dev/null; then
			pass "$b: the base commit names $SRC_PKG $(cat "build/apt/$b/version")"
		else
			fail "$b: base commit '$(git -C "$LINUX" log -1 --format=%s base)' vs fetched $(cat "build/apt/$b/version" 2>/dev/null)"
		fi
	else
		fail "$b: no $rel (run make tree BASE=$b)"
	fi
	# Every per-base path is under build/<base>/ or patches/<base>/ or names <base>.
	for v in BUILD LINUX PATCHES SUITES; do
		case ${!v} in
		*"/$b/"*|*"/$b"|*"/$b.txt") ;;
		*) fail "$b: $v=${!v} does not name the base" ;;
		esac
	done
done
# No script reaches into build/ except through the base's directories.
if grep -nE '(\$TOP|\$top)/build/(linux|targets|results|out|module|warnings|docs|unfixed|sanitize|base)\b' scripts/*.sh scripts/*.py >"$tmp/paths"; then
	fail "scripts use build paths without the base:"; sed 's/^/       /' "$tmp/paths"
else
	pass "every script's build path goes through the base (build/<base>/...)"
fi

# --- 3. the source fetch: the archive's URI, private apt lists, the pin ---
for b in $(conf BASES); do
	base_vars "$b"
	if plan=$(scripts/fetch.sh --plan 2>"$tmp/fetch.err") && [ "$plan" = "$SRC_PKG=$SRC_VERSION" ]; then
		pass "$b: fetch plans the pinned $plan (apt lists in build/apt/$b/)"
	else
		fail "$b: fetch plan '$plan', pinned $SRC_PKG=$SRC_VERSION"; sed 's/^/       /' "$tmp/fetch.err"
	fi
	if plan=$(FETCH_VERSION=0.0-not-served scripts/fetch.sh --plan 2>"$tmp/fetch.err") &&
	   [ -n "$plan" ] && [ "$plan" != "$SRC_PKG=0.0-not-served" ] &&
	   grep -F "WARNING: $SRC_PKG 0.0-not-served is not served" "$tmp/fetch.err" >/dev/null; then
		pass "$b: an unserved pin falls back to the newest ($plan) with a warning"
	else
		fail "$b: pin fallback: plan '$plan'"; sed 's/^/       /' "$tmp/fetch.err"
	fi
done
# The archive's URI comes from the machine's apt sources (here fake ones,
# FETCH_APT_SOURCES_DIR): deb822 and one-line entries, a mirror's or proxy's
# URI as configured; disabled, deb-src and other vendors' entries ignored;
# no archive of the kind a base needs stops with what to add.
cn=$(. /etc/os-release 2>/dev/null; [ "${ID:-}" = debian ] && echo "${VERSION_CODENAME:-}")
release=${cn:-<your Debian release>} cn=${cn:-stable}
kr=/usr/share/keyrings/debian-archive-keyring.gpg
mkdir -p "$tmp/apt822/sources.list.d" "$tmp/aptlist/sources.list.d" "$tmp/aptmain" "$tmp/aptnone"
cat > "$tmp/apt822/sources.list.d/00-vendor.sources" <<EOF
Types: deb
URIs: https://vendor.example.com/linux/debian
Suites: $cn
Components: stable
Signed-By: /etc/apt/keyrings/vendor.asc

Types: deb
URIs: http://vendor.example.com/apt
Suites: $cn
Components: main
EOF
cat > "$tmp/apt822/sources.list.d/debian.sources" <<EOF
# the local mirror
Types: deb deb-src
URIs: http://old-mirror.example.org/debian
Suites: $cn
Components: main
Enabled: no

Types: deb
URIs: http://mirror.example.org:3142/debian
Suites: $cn $cn-updates
Components: main contrib
Signed-By: $kr

Types: deb
URIs: mirror+file:///etc/apt/mirrors/debian-security.list
Suites: $cn-security
Components: main
Signed-By: $kr
EOF
cat > "$tmp/aptlist/sources.list" <<EOF
# deb http://commented.example.org/debian $cn main
deb-src http://src.example.org/debian $cn main
deb [ arch=amd64 signed-by=$kr ] http://ftp.example.org/pub/debian $cn main non-free-firmware
deb http://ftp.example.org/pub/debian-security $cn-security main contrib
EOF
echo "deb http://packages.example.com/apt cloud-sdk-$cn main" > "$tmp/aptlist/sources.list.d/vendor.list"
echo "deb http://ftp.example.org/debian $cn main" > "$tmp/aptmain/sources.list"
for c in "apt822|7.3|http://mirror.example.org:3142/debian" \
	 "apt822|6.12|mirror+file:///etc/apt/mirrors/debian-security.list" \
	 "aptlist|7.3|http://ftp.example.org/pub/debian" \
	 "aptlist|6.12|http://ftp.example.org/pub/debian-security" \
	 "aptmain|7.3|http://ftp.example.org/debian"; do
	IFS='|' read -r d b uri <<<"$c"
	base_vars "$b"
	want="deb [signed-by=$kr] $uri $SRC_SUITE $SRC_COMPONENT"
	if line=$(FETCH_APT_SOURCES_DIR=$tmp/$d scripts/fetch.sh --sources 2>"$tmp/fetch.err") &&
	   [ "$line" = "$want" ]; then
		pass "$b: fetch takes the $SRC_ARCHIVE archive's URI as configured ($d: $uri)"
	else
		fail "$b: fetch with the $d sources: '$line', want '$want'"; sed 's/^/       /' "$tmp/fetch.err"
	fi
done
for c in "aptmain|6.12|$release-security|http://<Debian security mirror>/debian-security" \
	 "aptnone|7.3|$release|http://<Debian mirror>/debian"; do
	IFS='|' read -r d b suite uri <<<"$c"
	base_vars "$b"
	if FETCH_APT_SOURCES_DIR=$tmp/$d scripts/fetch.sh --plan >/dev/null 2>"$tmp/fetch.err"; then
		fail "$b: fetch without a $SRC_ARCHIVE archive in the apt sources ($d) did not stop"
	elif grep -Fx "  Suites: $suite" "$tmp/fetch.err" >/dev/null &&
	     grep -Fx "  URIs: $uri" "$tmp/fetch.err" >/dev/null; then
		pass "$b: no $SRC_ARCHIVE archive in the apt sources ($d): fetch stops and says what to add"
	else
		fail "$b: the message without a $SRC_ARCHIVE archive ($d):"; sed 's/^/       /' "$tmp/fetch.err"
	fi
done
if grep -rnE 'deb\.debian\.org|security\.debian\.org' config.mk scripts/ >"$tmp/hosts"; then
	fail "an archive host is named in config.mk or scripts/:"; sed 's/^/       /' "$tmp/hosts"
else
	pass "config.mk and scripts/ name no archive host (the machine's apt sources do)"
fi
# The machine's own apt configuration does not know the mainline package:
# the fetch used the workspace's sources list only.
if apt-cache policy linux-source-7.3 2>/dev/null | grep -E 'Candidate: [0-9]' >/dev/null; then
	echo "  note the machine's apt lists linux-source-7.3 on their own (not by us)"
fi
if grep -rlsF 'trixie-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ >/dev/null; then
	fail "the machine's apt sources name trixie-backports"
else
	pass "the machine's apt sources are untouched (no trixie-backports)"
fi

# --- 4. the documentation's KUnit commands are the ones make check runs ----
for b in $(conf BASES); do
	base_vars "$b"
	[ -d "$LINUX/.git" ] || continue
	if python3 tests/workspace/docs_command.py "$LINUX" tests/qemu/ppc64le-64k.py >"$tmp/doc" 2>&1; then
		pass "$b: non-4k-pages.rst gives make check's kunit.py commands (4K, 16K, 64K)"
	else
		fail "$b: non-4k-pages.rst and make check's kunit.py commands differ:"; sed 's/^/       /' "$tmp/doc"
	fi
done

# --- 5. the result checker catches missing suites and skips ---------------
BASE=7.3 python3 tests/workspace/test_results.py && BASE=6.12 python3 tests/workspace/test_results.py && pass "results.py judges missing/skipped/failed suites" ||
	fail "results.py"

# --- 6. make outgoing: signed off by the sender, To/Cc, RFC, postings ------
# A fake series (git format-patch of a scratch repo) and a fake
# get_maintainer.pl that must run in its tree (it has a MAINTAINERS file).
o=$tmp/og
ogr=$o/repo
role="amdgpu non-4K workspace <amdgpu-non4k@example.org>"
sender="Test Sender <test@example.org>"
mkdir -p "$ogr" "$o/linux/scripts"
touch "$o/linux/MAINTAINERS"
printf '%s\n' '#!/bin/bash' \
	'[ -f MAINTAINERS ] || { echo "not run in the kernel tree" >&2; exit 1; }' \
	'for a; do case $a in -*) ;; *) sed -n "s|^+++ b/||p" "$a" ;; esac; done | while read -r f; do' \
	'	case $f in' \
	'	drivers/gpu/drm/amd/*) printf "%s\n" "Alex Maint <alex@example.com>" amd-gfx@lists.freedesktop.org ;;' \
	'	Documentation/*) printf "%s\n" "Doc Maint <doc@example.com>" amd-gfx@lists.freedesktop.org linux-doc@example.com ;;' \
	'	*) echo "Other Maint <other@example.com>" ;;' \
	'	esac' \
	'done | awk "!seen[\$0]++"' > "$o/linux/scripts/get_maintainer.pl"
chmod +x "$o/linux/scripts/get_maintainer.pl"
og() { git -C "$ogr" "$@"; }
og init -q -b main
og config user.name "amdgpu non-4K workspace"; og config user.email amdgpu-non4k@example.org
mkdir -p "$ogr/drivers/gpu/drm/amd" "$ogr/Documentation/gpu"
echo 0 > "$ogr/drivers/gpu/drm/amd/a.c"; og add drivers; og commit -q -m base; og tag base
change() { # <file> <subject> [<trailer>]
	echo "$2" >> "$ogr/$1"; og add "$1"; og commit -q -s -m "$2" -m "Why: a test.${3:+$'\n'$3}"
}
change drivers/gpu/drm/amd/a.c "drm/amdkfd: fix a thing" "Cc: stable@vger.kernel.org"
change Documentation/gpu/b.rst "drm/amdgpu: document a thing"
change drivers/gpu/drm/amd/a.c "drm/amdgpu: make page table blocks one CPU page on 16K"
change drivers/gpu/drm/amd/a.c "drm/amdgpu: already signed" "Signed-off-by: $sender"
fp() { og format-patch -q --zero-commit --no-signature --cover-letter -o "$1" "$2"; }
fp "$o/flat" base..HEAD
fp "$o/posts/01-fixes" base..HEAD~2
fp "$o/posts/02-rfc-ptb" HEAD~2..HEAD
outgoing() { # <patches dir> <out dir> [SENDER]
	OUTGOING_PATCHES_DIR=$1 OUTGOING_OUT_DIR=$2 OUTGOING_LINUX=$o/linux SENDER=${3:-} \
		scripts/outgoing.sh >"$o/log" 2>&1
}
hdr() { sed -n '1,/^$/p' "$1"; }
for bad in "" "Test Sender" "test@example.org" "<test@example.org>" "Test Sender test@example.org" "$role"; do
	outgoing "$o/flat" "$o/out" "$bad"; rc=$?
	if [ $rc = 2 ] && [ ! -e "$o/out" ] && grep "SENDER" "$o/log" >/dev/null; then
		pass "outgoing refuses SENDER='$bad' (exit 2, nothing written)"
	else
		fail "outgoing with SENDER='$bad': exit $rc, wrote $(ls "$o/out" 2>/dev/null | wc -l) files"; sed 's/^/       /' "$o/log"
	fi
done
if outgoing "$o/flat" "$o/out" "$sender" && [ "$(ls "$o/out" | wc -l)" = 5 ]; then
	pass "outgoing writes the cover letter and 4 patches"
else
	fail "outgoing of the fake series"; sed 's/^/       /' "$o/log"
fi
bad=0
for f in "$o"/out/000[1-4]-*.patch; do
	n=$(grep -cFx "Signed-off-by: $sender" "$f")
	last=$(sed -n '/^---$/{x;p;q};h' "$f")
	[ "$n" = 1 ] && [ "$last" = "Signed-off-by: $sender" ] || { bad=1; echo "       ${f##*/}: $n sign-offs, last trailer '$last'"; }
	grep -Fx "Signed-off-by: $role" "$f" >/dev/null || { bad=1; echo "       ${f##*/}: role sign-off lost"; }
	[ "$(git mailinfo -u "$o/msg" "$o/patch" <"$f" | sed -n 's/^Email: //p')" = amdgpu-non4k@example.org ] ||
		{ bad=1; echo "       ${f##*/}: author changed"; }
done
grep -F "Signed-off-by: $sender" "$o/out/0000-cover-letter.patch" >/dev/null && { bad=1; echo "       cover letter signed off"; }
[ $bad = 0 ] && pass "outgoing: the sender's Signed-off-by: is the last trailer, once (also where already there); author kept" ||
	fail "outgoing: Signed-off-by"
bad=0
for f in "$o"/out/*.patch; do
	hdr "$f" | grep -Fx "To: amd-gfx@lists.freedesktop.org" >/dev/null || { bad=1; echo "       ${f##*/}: no To: amd-gfx"; }
	hdr "$f" | grep -Fi "Cc: amd-gfx" >/dev/null && { bad=1; echo "       ${f##*/}: amd-gfx in Cc"; }
done
p1=$(echo "$o"/out/0001-*.patch) p2=$(echo "$o"/out/0002-*.patch) c=$o/out/0000-cover-letter.patch
hdr "$p1" | grep -Fx "Cc: Alex Maint <alex@example.com>" >/dev/null || { bad=1; echo "       0001: no Cc: Alex Maint"; }
hdr "$p1" | grep -F "Doc Maint" >/dev/null && { bad=1; echo "       0001: Cc of another patch"; }
hdr "$p1" | grep -F "stable@" >/dev/null && { bad=1; echo "       0001: stable in the header"; }
[ "$(grep -c "^Cc: stable@vger.kernel.org$" "$p1")" = 1 ] || { bad=1; echo "       0001: body Cc: stable not kept once"; }
hdr "$p2" | grep -Fx "Cc: Doc Maint <doc@example.com>" >/dev/null || { bad=1; echo "       0002: no Cc: Doc Maint"; }
for a in "Alex Maint <alex@example.com>" "Doc Maint <doc@example.com>" "linux-doc@example.com"; do
	[ "$(hdr "$c" | grep -cFx "Cc: $a")" = 1 ] || { bad=1; echo "       cover letter: Cc: $a not there once"; }
done
[ $bad = 0 ] && pass "outgoing: To: amd-gfx; Cc: get_maintainer.pl's names per patch, all on the cover letter; Cc: stable stays in the body" ||
	fail "outgoing: To/Cc"
subjects() { for f in "$1"/*.patch; do git mailinfo -k "$o/msg" "$o/patch" <"$f" | sed -n 's/^Subject: \(\[[^]]*\]\).*/\1/p'; done | tr '\n' ' '; }
want="[PATCH 0/4] [PATCH 1/4] [PATCH 2/4] [RFC PATCH 3/4] [PATCH 4/4] "
[ "$(subjects "$o/out")" = "$want" ] && pass "outgoing: subjects $want" ||
	fail "outgoing: subjects '$(subjects "$o/out")', want '$want'"
cp -r "$o/out" "$o/out1"
outgoing "$o/flat" "$o/out" "$sender" && diff -r "$o/out" "$o/out1" >/dev/null &&
	pass "outgoing again: the same files (replaced, not signed twice)" || fail "outgoing again"
outgoing "$o/out1" "$o/out2" "$sender" && diff -r "$o/out1" "$o/out2" >/dev/null &&
	pass "outgoing of its own output: the same files (no second Signed-off-by, To or Cc)" ||
	{ fail "outgoing of its own output"; diff -r "$o/out1" "$o/out2" | head -20 | sed 's/^/       /'; }
# A patch get_maintainer.pl does not send to amd-gfx: nothing is written.
mkdir -p "$o/other" && cp "$o"/flat/*.patch "$o/other/" &&
	sed -i 's|/drivers/gpu/drm/amd/a.c|/lib/a.c|g' "$o"/other/0004-*.patch
if outgoing "$o/other" "$o/out" "$sender"; then
	fail "outgoing without amd-gfx for a patch did not fail"
elif grep -F "does not name amd-gfx" "$o/log" >/dev/null && diff -r "$o/out" "$o/out1" >/dev/null; then
	pass "outgoing stops if get_maintainer.pl does not name amd-gfx, output untouched"
else
	fail "outgoing without amd-gfx"; sed 's/^/       /' "$o/log"
fi
# One directory per posting; "rfc" in its name: RFC on all its patches.
if outgoing "$o/posts" "$o/pout" "$sender" && [ -d "$o/pout/01-fixes" ] && [ -d "$o/pout/02-rfc-ptb" ] &&
   [ "$(subjects "$o/pout/01-fixes")" = "[PATCH 0/2] [PATCH 1/2] [PATCH 2/2] " ] &&
   [ "$(subjects "$o/pout/02-rfc-ptb")" = "[RFC PATCH 0/2] [RFC PATCH 1/2] [RFC PATCH 2/2] " ] &&
   [ "$(cat "$o"/pout/*/000[1-9]-*.patch | grep -cFx "Signed-off-by: $sender")" = 4 ] &&
   hdr "$o/pout/01-fixes/0000-cover-letter.patch" | grep -Fx "Cc: Doc Maint <doc@example.com>" >/dev/null &&
   ! hdr "$o/pout/02-rfc-ptb/0000-cover-letter.patch" | grep -F "Doc Maint" >/dev/null &&
   grep -F "pout/02-rfc-ptb/*.patch" "$o/log" >/dev/null; then
	pass "outgoing: one output directory per posting directory, numbered as its files, RFC where named"
else
	fail "outgoing with posting directories:"; sed 's/^/       /' "$o/log"
	for d in "$o"/pout/*/; do echo "       $d: $(subjects "$d")"; done
fi

# --- 7. test-globals.py: KUnit tests write no driver global unmarked -----
# A fake tree: a driver unit with a global, a static and a function that
# writes the global; the unit #includes its test file, as amdgpu_vm_pt.c
# does, so that the test sees the static.
g=$tmp/globals/drivers/gpu/drm/amd/amdgpu
mkdir -p "$g/tests"
cat > "$g/amdgpu_foo.c" <<'EOF'
// SPDX-License-Identifier: MIT
int amdgpu_foo = 1;
static u64 bar;

void amdgpu_foo_reset(void)
{
	amdgpu_foo = 1;
}

#include "tests/amdgpu_foo_test.c"
EOF
cat > "$g/tests/amdgpu_foo_test.c" <<'EOF'
// SPDX-License-Identifier: MIT
static void foo_test_write(struct kunit *test)
{
	amdgpu_foo = 2;
	amdgpu_foo_reset();
}

static void foo_test_restored(struct kunit *test)
{
	bar = 0; /* KUNIT-GLOBAL: restored */
}

static void foo_test_shadow(struct kunit *test)
{
	int amdgpu_foo = 3;

	amdgpu_foo++;
	KUNIT_EXPECT_EQ(test, amdgpu_foo, 4);
}
EOF
f=drivers/gpu/drm/amd/amdgpu/tests/amdgpu_foo_test.c
printf '%s\n' "$f:4: amdgpu_foo (driver global written by a test)" \
	"$f:5: amdgpu_foo (driver global written by a test) via amdgpu_foo_reset()" > "$tmp/globals.want"
if python3 scripts/test-globals.py "$tmp/globals" >"$tmp/globals.out" 2>&1; then
	fail "test-globals.py passes tests that write amdgpu_foo:"; sed 's/^/       /' "$tmp/globals.out"
elif grep 'driver global written by a test' "$tmp/globals.out" | diff "$tmp/globals.want" - >/dev/null; then
	pass "test-globals.py flags the unmarked writes (direct, via a driver function), not the marked one or a shadowing local"
else
	fail "test-globals.py on the fake tree, want:"; sed 's/^/       /' "$tmp/globals.want"
	echo "     got:"; sed 's/^/       /' "$tmp/globals.out"
fi
sed -i '/amdgpu_foo = 2;/d; /amdgpu_foo_reset();/d' "$g/tests/amdgpu_foo_test.c"
if out=$(python3 scripts/test-globals.py "$tmp/globals" 2>&1) &&
   [ "$out" = "1 test files, 2 driver globals, 1 marked writes" ]; then
	pass "test-globals.py passes the marked write: $out"
else
	fail "test-globals.py without the unmarked writes:"; echo "$out" | sed 's/^/       /'
fi

# --- 8. test-safety.py: no test maps memory, reads parameters, or looks up -
# the live topology; every commit lists only test objects it has sources of
s=$tmp/safety/drivers/gpu/drm/amd
mkdir -p "$s/amdgpu/tests" "$s/amdkfd/tests"
printf '%s\n' 'int amdgpu_vm_size = -1;' 'module_param_named(vmsize, amdgpu_vm_size, int, 0444);' > "$s/amdgpu/amdgpu_drv.c"
cat > "$s/amdgpu/amdgpu_vm.c" <<'EOF'
void amdgpu_vm_adjust_size(struct amdgpu_device *adev) { adev->vm_size = 1; }
int amdgpu_vm_size_of(void) { return amdgpu_vm_size; }
void gmc_geometry(struct amdgpu_device *adev) { amdgpu_vm_adjust_size(adev); }
EOF
cat > "$s/amdkfd/kfd_chardev.c" <<'EOF'
int kfd_remap(struct vm_area_struct *vma) { return io_remap_pfn_range(vma, 0, 0, 0, 0); }
int kfd_mmap_doorbell(struct vm_area_struct *vma) { return kfd_remap(vma); }
struct kfd_topology_device *kfd_topology_device_by_id(u32 id) { return NULL; }
int kfd_node_props(u32 id) { return kfd_topology_device_by_id(id) != NULL; }
EOF
cat > "$s/amdkfd/tests/kfd_map_test.c" <<'EOF'
static void map_test(struct kunit *test)
{
	void __iomem *p = ioremap(0, 4096);
	kfd_mmap_doorbell(NULL);
	kfd_node_props(1);
}
EOF
cat > "$s/amdkfd/tests/kfd_stub_test.c" <<'EOF'
static void stub_test(struct kunit *test)
{
	kunit_activate_static_stub(test, kfd_remap, fake_remap);
	kunit_activate_static_stub(test, kfd_topology_device_by_id, fake_by_id);
	kfd_mmap_doorbell(NULL);
	kfd_node_props(1);
}
EOF
cat > "$s/amdgpu/tests/amdgpu_param_test.c" <<'EOF'
static void param_test(struct kunit *test)
{
	int size = amdgpu_vm_size;
	size = amdgpu_vm_size_of();
	gmc_geometry(NULL);
	amdgpu_vm_adjust_size(NULL);
}

static void param_marked_test(struct kunit *test)
{
	/* KUNIT-PARAM: */
	int size = amdgpu_vm_size;
	/* KUNIT-PARAM: the test wants the user's VM size */
	size = amdgpu_vm_size_of();
}
EOF
# R5: a driver unit that #includes a test file
printf '%s\n' 'int vce_x(void) { return 0; }' '#include "tests/vce_x_test.c"' > "$s/amdgpu/vce_x.c"
echo 'static void vce_x_test(struct kunit *test) { }' > "$s/amdgpu/tests/vce_x_test.c"
ga=drivers/gpu/drm/amd/amdgpu/tests/amdgpu_param_test.c gk=drivers/gpu/drm/amd/amdkfd/tests/kfd_map_test.c
printf '%s\n' "$ga:3: module-param: amdgpu_vm_size (module parameter read by the test)" \
	"$ga:4: module-param: amdgpu_vm_size via amdgpu_vm_size_of()" \
	"$ga:5: module-param: amdgpu_vm_adjust_size() via gmc_geometry() -> amdgpu_vm_adjust_size()" \
	"$ga:6: module-param: amdgpu_vm_adjust_size() sizes the VM from the module parameters" \
	"$ga:12: module-param: amdgpu_vm_size (module parameter read by the test)" \
	"$gk:3: maps-physical: ioremap() maps device or physical memory" \
	"$gk:4: maps-physical: io_remap_pfn_range() via kfd_mmap_doorbell() -> kfd_remap() -> io_remap_pfn_range()" \
	"$gk:5: live-topology: kfd_topology_device_by_id() via kfd_node_props() -> kfd_topology_device_by_id()" \
	"drivers/gpu/drm/amd/amdgpu/vce_x.c:2: test-in-driver: #include \"tests/vce_x_test.c\": test cases in amdgpu.ko" > "$tmp/safety.want"
if python3 scripts/test-safety.py "$tmp/safety" >"$tmp/safety.out" 2>&1; then
	fail "test-safety.py passes unsafe tests:"; sed 's/^/       /' "$tmp/safety.out"
elif grep '^drivers/' "$tmp/safety.out" | diff "$tmp/safety.want" - >/dev/null; then
	pass "test-safety.py flags mapping, module-parameter and live-topology calls (direct, via driver functions), not under a stub or a KUNIT-PARAM: reason, and a test #included by a driver unit"
else
	fail "test-safety.py on the fake tree, want:"; sed 's/^/       /' "$tmp/safety.want"
	echo "     got:"; sed 's/^/       /' "$tmp/safety.out"
fi
sed -i '3,6d; /KUNIT-PARAM: \*\//,+1d' "$s/amdgpu/tests/amdgpu_param_test.c"
sed -i '3,5d' "$s/amdkfd/tests/kfd_map_test.c"
sed -i '/#include "tests\/vce_x_test.c"/d' "$s/amdgpu/vce_x.c"
if out=$(python3 scripts/test-safety.py "$tmp/safety" 2>&1) &&
   [ "$out" = "4 test files, 8 driver functions, 1 module parameters, 1 marked module-parameter uses" ]; then
	pass "test-safety.py passes the stubbed and the marked calls: $out"
else
	fail "test-safety.py without the unsafe calls:"; echo "$out" | sed 's/^/       /'
fi
# R4 on a scratch repo: the first commit lists tests/kfd_x_test.o and
# declares a suite, the second adds the source and registers the suite.
sr=$tmp/safety-git k=$tmp/safety-git/drivers/gpu/drm/amd
mkdir -p "$k/amdgpu/tests" "$k/amdkfd/tests"
git -C "$sr" init -q -b main
git -C "$sr" config user.name test; git -C "$sr" config user.email test@example.org
printf '%s\n' 'amdgpu_test-y += $(if $(CONFIG_HSA_AMD),tests/amdgpu_y_test.o)' > "$k/amdgpu/Makefile"
echo 'AMDKFD_TEST_FILES += $(AMDKFD_PATH)/tests/kfd_x_test.o' > "$k/amdkfd/Makefile"
echo 'extern struct kunit_suite kfd_x_suite;' > "$k/amdgpu/tests/amdgpu_test_suites.h"
touch "$k/amdgpu/tests/amdgpu_y_test.c" "$k/amdgpu/tests/amdgpu_test_mod.c"
git -C "$sr" add -A; git -C "$sr" commit -q -m "list the test first"
touch "$k/amdkfd/tests/kfd_x_test.c"; echo 'kunit_test_suite(kfd_x_suite);' > "$k/amdgpu/tests/amdgpu_test_mod.c"
git -C "$sr" add -A; git -C "$sr" commit -q -m "add the test"
printf '%s\n' "list the test first: drivers/gpu/drm/amd/amdkfd/Makefile: tests/kfd_x_test.o listed, tests/kfd_x_test.c not in the tree" \
	"list the test first: amdgpu_test_suites.h declares kfd_x_suite, not registered" > "$tmp/safety.want"
if python3 scripts/test-safety.py "$sr" --commits main >"$tmp/safety.out" 2>&1; then
	fail "test-safety.py --commits passes an object without its source:"; sed 's/^/       /' "$tmp/safety.out"
elif grep '^list' "$tmp/safety.out" | diff "$tmp/safety.want" - >/dev/null &&
     out=$(python3 scripts/test-safety.py "$sr" --commits main~1..main 2>&1); then
	pass "test-safety.py --commits flags the commit that lists tests/x.o before tests/x.c exists, not the next: $out"
else
	fail "test-safety.py --commits on the scratch repo, want:"; sed 's/^/       /' "$tmp/safety.want"
	echo "     got:"; sed 's/^/       /' "$tmp/safety.out"
fi

echo "workspace self-tests: $fails failed"
[ "$fails" -eq 0 ]
