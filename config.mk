# The one place where the tested bases are pinned.
#
# A base is a kernel tree from a Debian source package, fetched with
# apt-get through a sources list of the workspace's own (build/apt/<base>/),
# so the machine's apt configuration is never changed. If apt no longer
# serves the pinned version, the newest one of the suite is taken with a
# warning.
#
# Only the suite, the component and the kind of archive are pinned here:
# SRC_ARCHIVE_<base> is debian (the main Debian archive) or debian-security
# (the security archive). scripts/fetch.sh takes that archive's URI from
# the machine's own apt sources, so a local mirror or proxy is used as
# configured.
#
# 7.3: mainline. The series sent to amd-gfx (patches/7.3/).
# 6.12: the LTS kernel of Debian 13 and RHEL 10; its series (patches/6.12/)
#       is the backport of the mainline series for the distributions.
BASES        := 7.3 6.12
DEFAULT_BASE := 7.3

SRC_PKG_7.3       := linux-source-7.3
SRC_VERSION_7.3   := 7.3.4-1~bpo13+1
SRC_SUITE_7.3     := trixie-backports
SRC_COMPONENT_7.3 := main
SRC_ARCHIVE_7.3   := debian

SRC_PKG_6.12       := linux-source-6.12
SRC_VERSION_6.12   := 6.12.117-1~deb12u1
SRC_SUITE_6.12     := bookworm-security
SRC_COMPONENT_6.12 := main
SRC_ARCHIVE_6.12   := debian-security

# Targets: <arch>-<CPU page size>, and the default one.
TARGETS        := x86_64-4k ppc64le-64k arm64-16k arm64-64k
DEFAULT_TARGET := ppc64le-64k

# What make check runs per base (make check-all: every base x every target).
# Both bases on 4K and 64K, mainline on 16K too. CI has 90 minutes on one
# 2-core machine: these kernels are in that machine's ccache (README,
# "The two commands", for the cold and warm times); arm64-64k and 6.12 on
# arm64-16k run only in make check-all.
CHECK_TARGETS_7.3  := x86_64-4k ppc64le-64k arm64-16k
CHECK_TARGETS_6.12 := x86_64-4k ppc64le-64k
# make check also runs KUnit on the prefix of the series that ends before
# this posting (make kunit-before), on every CHECK_TARGETS of the base: the
# tests must pass with the RFC and without it.
CHECK_BEFORE_7.3 := 06-rfc-ptb-size
