#!/bin/bash
# The kernel source of a base, from Debian, without touching the machine's
# apt configuration: apt-get with a sources list, package lists and cache of
# the workspace's own (build/apt/<base>/), verified by the machine's
# debian-archive-keyring, and unpacked with dpkg-deb -x (not installed).
#
#   scripts/fetch.sh            fetch (once) and print the tarball's path
#   scripts/fetch.sh --plan     only say which version would be fetched
#
# The version is pinned in config.mk (SRC_VERSION_<base>); if apt no longer
# serves it, the newest version of the package is taken with a warning.
# FETCH_VERSION overrides the pin (used by the workspace's tests).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/scripts/base.sh"
base_vars
plan=0
[ "${1:-}" = --plan ] && plan=1
pin=${FETCH_VERSION:-$SRC_VERSION}
A=${FETCH_APT_DIR:-$TOP/build/apt/$BASE}
mkdir -p "$A/lists/partial" "$A/archives/partial" "$A/parts"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $SRC_APT" > "$A/sources.list"
opts=(-o "Dir::Etc::sourcelist=$A/sources.list" -o "Dir::Etc::sourceparts=$A/parts"
      -o "Dir::State::Lists=$A/lists" -o "Dir::Cache=$A" -o "Dir::Cache::archives=$A/archives"
      -o "Dir::Cache::pkgcache=$A/pkgcache.bin" -o "Dir::Cache::srcpkgcache=$A/srcpkgcache.bin"
      -o "APT::Sandbox::User=root" -q)
say() { printf '>>> %s\n' "$*" >&2; }

tarball=$A/root/usr/src/$SRC_PKG.tar.xz
if [ $plan = 0 ] && [ -s "$tarball" ] && [ "$(cat "$A/version" 2>/dev/null)" = "$pin" ]; then
	echo "$tarball"; exit 0
fi
# Lists older than a day are refreshed.
if [ -z "$(find "$A/lists" -name '*_Packages*' -mmin -1440 -print -quit 2>/dev/null)" ]; then
	say "apt-get update ($SRC_APT) into ${A#"$TOP"/}"
	apt-get "${opts[@]}" update >&2
fi
served=$(apt-cache "${opts[@]}" madison "$SRC_PKG" | awk -F'|' '{gsub(/ /, "", $2); print $2}')
[ -n "$served" ] || { echo "fetch.sh: apt does not serve $SRC_PKG from $SRC_APT" >&2; exit 1; }
if printf '%s\n' "$served" | grep -xF -- "$pin" >/dev/null; then
	ver=$pin
else
	ver=$(printf '%s\n' "$served" | sort -V | tail -n 1)
	say "WARNING: $SRC_PKG $pin is not served by apt; taking the newest, $ver."
	say "WARNING: the $BASE series was tested on $pin; if a patch no longer applies, make tree names it."
fi
if [ $plan = 1 ]; then echo "$SRC_PKG=$ver"; exit 0; fi
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
