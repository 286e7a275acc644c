# The one place where the tested bases are pinned.
#
# A base is a kernel tree from a Debian source package, fetched with
# apt-get through a sources list of the workspace's own (build/apt/<base>/),
# so the machine's apt configuration is never changed. If apt no longer
# serves the pinned version, the newest one of the suite is taken with a
# warning.
#
# 7.3: mainline. The series sent to amd-gfx (patches/7.3/).
# 6.12: the LTS kernel of Debian 13 and RHEL 10; its series (patches/6.12/)
#       is the backport of the mainline series for the distributions.
BASES        := 7.3 6.12
DEFAULT_BASE := 7.3

SRC_PKG_7.3     := linux-source-7.3
SRC_VERSION_7.3 := 7.3.4-1~bpo13+1
SRC_APT_7.3     := http://deb.debian.org/debian trixie-backports main

SRC_PKG_6.12     := linux-source-6.12
SRC_VERSION_6.12 := 6.12.117-1~deb12u1
SRC_APT_6.12     := http://deb.debian.org/debian-security bookworm-security main

# Targets: <arch>-<CPU page size>, and the default one.
TARGETS        := x86_64-4k ppc64le-64k arm64-16k arm64-64k
DEFAULT_TARGET := ppc64le-64k

# What make check runs per base (make check-all: every base x every target).
# 7.3 has no KUnit target in make check for now: CI has 90 minutes on one
# 2-core machine, and only the 6.12 kernels are in that machine's ccache;
# a cold KUnit kernel took about 35 minutes there (README, "The two
# commands"). Put 7.3 x86_64-4k ppc64le-64k and one 16K target back once
# they are built there.
CHECK_TARGETS_7.3  :=
CHECK_TARGETS_6.12 := x86_64-4k ppc64le-64k
