#!/bin/bash
# The kernel source of a base, from Debian, without touching the machine's
# apt configuration: apt-get with a sources list, package lists and cache of
# the workspace's own (build/apt/<base>/), verified by the keyring the
# machine's apt entry names (else debian-archive-keyring), and unpacked with
# dpkg-deb -x (not installed).
#
#   scripts/fetch.sh            fetch (once) and print the tarball's path
#   scripts/fetch.sh --plan     only say which version would be fetched
#   scripts/fetch.sh --sources  only print the sources line it would use
#
# config.mk pins the package, its version (SRC_VERSION_<base>), the suite,
# the component and the kind of archive (SRC_ARCHIVE_<base>: debian or
# debian-security), not the archive's address: that is the URI of a Debian
# archive of that kind in the machine's own apt sources, as configured
# (a local mirror stays the mirror; apt's proxy settings apply as usual).
# Those sources are read where apt reads them (Dir::Etc::sourcelist and
# Dir::Etc::sourceparts: one-line *.list and deb822 *.sources files);
# FETCH_APT_SOURCES_DIR=<dir> reads <dir>/sources.list and
# <dir>/sources.list.d/ instead (used by the workspace's tests).
#
# If apt no longer serves the pinned version, the newest version of the
# package is taken with a warning. FETCH_VERSION overrides the pin (used by
# the workspace's tests).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
mode=fetch
case ${1:-} in
--plan) mode=plan ;;
--sources) mode=sources ;;
'') ;;
*) echo "usage: scripts/fetch.sh [--plan | --sources]" >&2; exit 2 ;;
esac
pin=${FETCH_VERSION:-$SRC_VERSION}
A=${FETCH_APT_DIR:-$TOP/build/apt/$BASE}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
say() { printf '>>> %s\n' "$*" >&2; }

tarball=$A/root/usr/src/$SRC_PKG.tar.xz
if [ $mode = fetch ] && [ -s "$tarball" ] && [ "$(cat "$A/version" 2>/dev/null)" = "$pin" ]; then
	echo "$tarball"; exit 0
fi

# --- the archive's URI, from the machine's apt sources ---------------------
case $SRC_ARCHIVE in
debian) what="the main Debian archive" ;;
debian-security) what="the Debian security archive" ;;
*) echo "fetch.sh: SRC_ARCHIVE_$BASE is '$SRC_ARCHIVE' in config.mk; it must be debian or debian-security" >&2; exit 1 ;;
esac
if [ -n "${FETCH_APT_SOURCES_DIR:-}" ]; then
	sourcelist=$FETCH_APT_SOURCES_DIR/sources.list
	sourceparts=$FETCH_APT_SOURCES_DIR/sources.list.d
else
	eval "$(apt-config shell sourcelist Dir::Etc::sourcelist/f sourceparts Dir::Etc::sourceparts/d)"
	sourcelist=${sourcelist:-/etc/apt/sources.list}
	sourceparts=${sourceparts:-/etc/apt/sources.list.d}
fi
sourceparts=${sourceparts%/}
# The machine's Debian release, whose suite marks an entry of the main archive.
codename=
if [ "$(sed -n 's/^ID=//p' /etc/os-release 2>/dev/null | tr -d '"')" = debian ]; then
	codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release | tr -d '"')
fi

# Prints "<suite rank> <URI rank> <URI> <signed-by>" for every "deb" entry
# of <file> with the component that may be the archive of kind $SRC_ARCHIVE.
# Suite rank, main archive: 1 the machine's release, 2 one of its -updates,
# -backports, -proposed-updates, 3 another non-security suite of a URI whose
# path ends in /debian; security archive: 1 the release's -security, 2
# another -security (or the older <release>/updates). URI rank: 0 if the
# URI's path ends in /debian or /debian-security as the kind wants, else 1.
entries() { # <file> <format: list | sources>
	awk -v fmt="$2" -v kind="$SRC_ARCHIVE" -v cn="$codename" -v comp="$SRC_COMPONENT" '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	function has(list, w,   n, i, a) {
		n = split(list, a, /[ \t]+/)
		for (i = 1; i <= n; i++) if (a[i] == w) return 1
		return 0
	}
	function srank(s) {
		if (kind == "debian-security") {
			if (s !~ /-security$/ && s !~ /\/updates$/) return 0
			return (cn != "" && s == cn "-security") ? 1 : 2
		}
		if (s ~ /-security$/ || s ~ /\/updates$/) return 0
		if (cn != "" && s == cn) return 1
		if (cn != "" && index(s, cn "-") == 1 &&
		    substr(s, length(cn) + 2) ~ /^(updates|backports|backports-sloppy|proposed-updates)$/)
			return 2
		return 3
	}
	function consider(types, uris, suites, comps, sb, enabled,   nu, ns, U, S, i, j, r, last, ur) {
		if (!has(types, "deb") || tolower(enabled) == "no" || !has(comps, comp)) return
		if (sb !~ /^\//) sb = "-"       # inline key or fingerprint: the default keyring
		sub(/[ \t].*/, "", sb)
		nu = split(uris, U, /[ \t]+/); ns = split(suites, S, /[ \t]+/)
		for (i = 1; i <= nu; i++) for (j = 1; j <= ns; j++) {
			if (S[j] ~ /\/$/) continue      # a flat repository
			r = srank(S[j]); if (!r) continue
			last = U[i]; sub(/\/+$/, "", last); sub(/.*\//, "", last)
			ur = (last == kind) ? 0 : 1
			if (r == 3 && ur) continue       # not the machine release and not .../debian
			print r, ur, U[i], sb
		}
	}
	function flush() {
		if (n_f) consider(F["types"], F["uris"], F["suites"], F["components"], F["signed-by"], F["enabled"])
		for (k in F) delete F[k]
		n_f = 0; key = ""
	}
	fmt == "sources" && /^#/ { next }
	fmt == "sources" && /^[ \t]*$/ { flush(); next }
	fmt == "sources" && /^[ \t]/ { if (key != "") F[key] = F[key] " " trim($0); next }
	fmt == "sources" {
		i = index($0, ":"); if (!i) next
		key = tolower(trim(substr($0, 1, i - 1))); F[key] = trim(substr($0, i + 1)); n_f++
		next
	}
	fmt == "list" {
		sub(/#.*/, "")
		opts = ""
		if (match($0, /\[[^]]*\]/)) {
			opts = substr($0, RSTART + 1, RLENGTH - 2)
			$0 = substr($0, 1, RSTART - 1) " " substr($0, RSTART + RLENGTH)
		}
		if (NF < 4) next
		sb = ""
		if (match(opts, /signed-by=[^ \t]+/)) sb = substr(opts, RSTART + 10, RLENGTH - 10)
		comps = ""; for (i = 4; i <= NF; i++) comps = comps " " $i
		consider($1, $2, $3, comps, sb, "yes")
	}
	END { if (fmt == "sources") flush() }
	' "$1"
}
candidates=$(
	if [ -f "$sourcelist" ]; then entries "$sourcelist" list; fi
	for f in $(LC_ALL=C ls -d "$sourceparts"/*.list "$sourceparts"/*.sources 2>/dev/null | LC_ALL=C sort); do
		case $f in *.list) entries "$f" list ;; *.sources) entries "$f" sources ;; esac
	done
)
best=$(printf '%s\n' "$candidates" | sed '/^$/d' | sort -s -n -k1,1 -k2,2 | head -n 1)
if [ -z "$best" ]; then
	rel=${codename:-<your Debian release>}
	case $SRC_ARCHIVE in
	debian) suites="$rel" uri="http://<Debian mirror>/debian" ;;
	debian-security) suites="$rel-security" uri="http://<Debian security mirror>/debian-security" ;;
	esac
	cat >&2 <<-EOF
	fetch.sh: $BASE needs $SRC_PKG from $what
	(suite $SRC_SUITE, component $SRC_COMPONENT), and the machine's apt sources
	have no entry for it (read: $sourcelist,
	$sourceparts/*.list, $sourceparts/*.sources).
	Add one with your mirror's URI, for example to $sourceparts/debian.sources:

	  Types: deb
	  URIs: $uri
	  Suites: $suites
	  Components: $SRC_COMPONENT
	  Signed-By: $keyring

	or the line "deb $uri $suites $SRC_COMPONENT" to $sourcelist.
	fetch.sh uses its URI with suite $SRC_SUITE in the workspace's own sources
	list (${A#"$TOP"/}/sources.list); the machine's apt is not changed.
	EOF
	exit 1
fi
read -r _ _ uri sb <<<"$best"
[ "$sb" = - ] && sb=$keyring
line="deb [signed-by=$sb] $uri $SRC_SUITE $SRC_COMPONENT"
if [ $mode = sources ]; then echo "$line"; exit 0; fi

# --- the workspace's own apt: lists, the pin, the download ------------------
mkdir -p "$A/lists/partial" "$A/archives/partial" "$A/parts"
if [ "$(cat "$A/sources.list" 2>/dev/null)" != "$line" ]; then
	# Another archive (or suite): the old lists do not describe it.
	echo "$line" > "$A/sources.list"
	find "$A/lists" -maxdepth 1 -type f -delete
fi
opts=(-o "Dir::Etc::sourcelist=$A/sources.list" -o "Dir::Etc::sourceparts=$A/parts"
      -o "Dir::State::Lists=$A/lists" -o "Dir::Cache=$A" -o "Dir::Cache::archives=$A/archives"
      -o "Dir::Cache::pkgcache=$A/pkgcache.bin" -o "Dir::Cache::srcpkgcache=$A/srcpkgcache.bin"
      -o "APT::Sandbox::User=root" -q)
# Lists older than a day are refreshed.
if [ -z "$(find "$A/lists" -name '*_Packages*' -mmin -1440 -print -quit 2>/dev/null)" ]; then
	say "apt-get update ($uri $SRC_SUITE $SRC_COMPONENT) into ${A#"$TOP"/}"
	apt-get "${opts[@]}" update >&2
fi
served=$(apt-cache "${opts[@]}" madison "$SRC_PKG" | awk -F'|' '{gsub(/ /, "", $2); print $2}')
[ -n "$served" ] || { echo "fetch.sh: apt does not serve $SRC_PKG from $uri $SRC_SUITE $SRC_COMPONENT" >&2; exit 1; }
if printf '%s\n' "$served" | grep -xF -- "$pin" >/dev/null; then
	ver=$pin
else
	ver=$(printf '%s\n' "$served" | sort -V | tail -n 1)
	say "WARNING: $SRC_PKG $pin is not served by apt; taking the newest, $ver."
	say "WARNING: the $BASE series was tested on $pin; if a patch no longer applies, make tree names it."
fi
if [ $mode = plan ]; then echo "$SRC_PKG=$ver"; exit 0; fi
if [ ! -s "$tarball" ] || [ "$(cat "$A/version" 2>/dev/null)" != "$ver" ]; then
	say "downloading $SRC_PKG $ver"
	rm -rf "$A/root" "$A/archives/"*.deb
	(cd "$A/archives" && apt-get "${opts[@]}" download "$SRC_PKG=$ver" >&2)
	deb=$(ls "$A/archives/"*.deb)
	dpkg-deb -x "$deb" "$A/root"
	rm -f "$deb"
	echo "$ver" > "$A/version"
fi
[ -s "$tarball" ] || { echo "fetch.sh: no $tarball in the package" >&2; exit 1; }
echo "$tarball"
