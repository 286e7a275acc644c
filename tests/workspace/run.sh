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

# --- 2. per base: the real series exports byte for byte; its suites exist --
. scripts/base.sh
for b in $(conf BASES); do
	base_vars "$b"
	rel=${LINUX#"$TOP"/}
	if [ -d "$LINUX/.git" ]; then
		mkdir -p "$tmp/real-$b"
		cp "$PATCHES/0000-cover-letter.patch" "$tmp/real-$b/" 2>/dev/null
		if PATCHES_DIR=$tmp/real-$b scripts/tree.sh export >/dev/null 2>&1 &&
		   diff -r "$tmp/real-$b" "$PATCHES" >"$tmp/diff" 2>&1; then
			pass "$b: $rel exports to exactly patches/$b/ ($(ls "$PATCHES" | wc -l) files)"
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

echo "workspace self-tests: $fails failed"
[ "$fails" -eq 0 ]
