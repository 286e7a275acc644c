#!/bin/bash
# Install the Debian packages a make target needs and the machine lacks.
# Usage: scripts/deps.sh <group>...   groups: tree kunit module check
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

want=(git xz-utils make)
for g in "$@"; do
	case $g in
	# The kernel sources come with scripts/fetch.sh (apt-get download).
	tree)	want+=(apt dpkg debian-archive-keyring) ;;
	kunit|module)
		want+=(gcc flex bison bc libelf-dev libssl-dev python3 ccache
		       kmod cpio gcc-powerpc64le-linux-gnu gcc-aarch64-linux-gnu
		       binutils-powerpc64le-linux-gnu binutils-aarch64-linux-gnu)
		[ "$g" = kunit ] && want+=(qemu-system-ppc qemu-system-arm qemu-system-x86)
		;;
	check)	want+=(perl python3 python3-ply python3-git python3-sphinx sparse) ;;
	*) echo "deps.sh: unknown group $g" >&2; exit 2 ;;
	esac
done

missing=()
for p in "${want[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep '^install ok installed' >/dev/null ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo ">>> installing Debian packages: ${missing[*]}"
$sudo apt-get update -q >/dev/null || true
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
