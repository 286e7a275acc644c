# Sourced by the scripts: per-base settings. Needs TOP.
# Usage: base_vars [<base>]   (default: $BASE, else DEFAULT_BASE of config.mk)
# Sets BASE SRC_PKG SRC_VERSION SRC_SUITE SRC_COMPONENT SRC_ARCHIVE BUILD LINUX
# PATCHES SUITES CHECK_TARGETS.
conf() { sed -n "s/^$1 *:= *//p" "$TOP/config.mk" | head -n 1; }
base_vars() {
	BASE=${1:-${BASE:-$(conf DEFAULT_BASE)}}
	case " $(conf BASES) " in
	*" $BASE "*) ;;
	*) echo "unknown BASE '$BASE' (bases: $(conf BASES))" >&2; return 1 ;;
	esac
	local b=${BASE//./\\.}
	SRC_PKG=$(conf "SRC_PKG_$b")
	SRC_VERSION=$(conf "SRC_VERSION_$b")
	SRC_SUITE=$(conf "SRC_SUITE_$b")
	SRC_COMPONENT=$(conf "SRC_COMPONENT_$b")
	SRC_ARCHIVE=$(conf "SRC_ARCHIVE_$b")
	CHECK_TARGETS=$(conf "CHECK_TARGETS_$b")
	BUILD=$TOP/build/$BASE
	LINUX=$BUILD/linux
	PATCHES=$TOP/patches/$BASE
	SUITES=$TOP/tests/kunit-suites/$BASE.txt
	export BASE
}
