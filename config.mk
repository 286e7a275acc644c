# The one place where the tested base is pinned.
# Debian package that provides the kernel tree (apt-get install <pkg>=<ver>).
DEBIAN_SRC_PKG     := linux-source-6.12
DEBIAN_SRC_VERSION := 6.12.117-1~deb12u1
DEBIAN_SRC_TARBALL := /usr/src/linux-source-6.12.tar.xz

# Targets: <name> and the default one.
TARGETS        := x86_64-4k ppc64le-64k arm64-16k arm64-64k
DEFAULT_TARGET := ppc64le-64k
