#!/bin/bash
# Install the Debian packages a make target needs and the machine lacks.
# Usage: scripts/deps.sh <group>...   groups: tree kunit module check
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ver=$(sed -n 's/^DEBIAN_SRC_VERSION *:= *//p' "$here/config.mk")
pkg=$(sed -n 's/^DEBIAN_SRC_PKG *:= *//p' "$here/config.mk")

want=(git xz-utils make)
for g in "$@"; do
	case $g in
	tree)	want+=("$pkg") ;;
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
# The kernel source is pinned; fall back to the newest 6.12.y apt serves and say so.
args=()
for p in "${missing[@]}"; do
	if [ "$p" = "$pkg" ]; then
		if apt-cache madison "$pkg" | awk '{print $3}' | grep -xF "$ver" >/dev/null; then
			args+=("$pkg=$ver")
		else
			echo ">>> WARNING: $pkg $ver is not served by apt; installing the newest $pkg." >&2
			echo ">>> WARNING: the series was tested on $ver; if a patch fails to apply, make tree names it." >&2
			args+=("$pkg")
		fi
	else
		args+=("$p")
	fi
done
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${args[@]}"
