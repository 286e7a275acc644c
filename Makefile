# amdgpu/amdkfd on non-4K PAGE_SIZE: the patch series, its tree, its tests.
#
#   make               BASE's tree + amdgpu.ko for ppc64le-64k + KUnit for ppc64le-64k
#   make check         both bases: KUnit (CHECK_TARGETS_<base>), checkpatch,
#                      git am reproduce, warnings, docs, the workspace's tests
#   make check-all     the same on every target of every base
#   make tree          build/<base>/linux = Debian's linux-source-<base> + patches/<base>/
#   make export        commits after "base" in build/<base>/linux -> patches/<base>/
#   make kunit TARGET=<target>     make module TARGET=<target>
#   make module TARGET=<target> MODULE_KUNIT_TEST=m   amdgpu.ko + amdgpu_test.ko
#   make bisect TARGET=<target>    every prefix of the series compiles
#   make unfixed TARGET=<target>   KUnit with the fixes of tests/unfixed/<base> reverted
#   make kunit-before TARGET=<target>   KUnit on the prefix before CHECK_BEFORE_<base> (in check)
#   make footprint     page-table VRAM the KUnit tests assert, 4K/16K/64K
#   make warnings      W=1, sparse, kernel-doc: base tree vs series (in check)
#   make docs          Sphinx build of Documentation/gpu (in check)
#   make reproduce     git am of patches/<base>/ gives build/<base>/linux's tree (in check)
#   make kunit-sanitize TARGET=<target>   KUnit with KASAN + UBSAN
#   make bench         amdgpu.ko text size base vs series (x86_64-4k), check times
#   make send-check    before sending: checkpatch, get_maintainer.pl, git am, make bisect
#   make outgoing SENDER='Name <you@host>'   build/<base>/outgoing/: the series for git send-email
#
# Every target takes BASE=<base> (7.3, the default: mainline, the series
# sent upstream; 6.12: its backport) and TARGET=<target> (x86_64-4k
# ppc64le-64k arm64-16k arm64-64k).

include config.mk

BASE   ?= $(DEFAULT_BASE)
TARGET ?= $(DEFAULT_TARGET)
# make send-check builds every prefix for this target (incremental)
SEND_CHECK_TARGET ?= x86_64-4k
SHELL  := /bin/bash
export BASE

ifeq ($(filter $(BASE),$(BASES)),)
$(error unknown BASE=$(BASE); bases: $(BASES))
endif

.PHONY: all deps tree export kunit module check check-all bisect checkpatch selftest \
	summary clean help unfixed kunit-before footprint warnings docs reproduce \
	kunit-sanitize bench send-check outgoing

all: tree
	@$(MAKE) --no-print-directory module TARGET=$(DEFAULT_TARGET)
	@$(MAKE) --no-print-directory kunit TARGET=$(DEFAULT_TARGET)
	@scripts/summary.sh $(DEFAULT_TARGET)

help:
	@sed -n '3,/^[^#]/{/^#/p}' Makefile | sed 's/^# \{0,1\}//'

deps:
	@scripts/deps.sh tree kunit module check

tree:
	@scripts/deps.sh tree
	@scripts/tree.sh tree

export:
	@scripts/tree.sh export

kunit: tree
	@scripts/deps.sh kunit
	@scripts/kunit.sh $(TARGET)

module: tree
	@scripts/deps.sh module
	@scripts/module.sh $(TARGET)

# The test command. Every step runs; the exit status says if any failed.
check:
	@scripts/deps.sh tree kunit check
	@scripts/check.sh

check-all:
	@scripts/deps.sh tree kunit check
	@CHECK_ALL=1 scripts/check.sh

# Every prefix of the series compiles amdgpu for TARGET (incremental).
bisect: tree
	@scripts/deps.sh kunit
	@scripts/bisect.sh $(TARGET)

# The series with some fixes reverted: which tests fail, what it costs.
unfixed: tree
	@scripts/deps.sh kunit
	@scripts/unfixed.sh $(TARGET)

# KUnit on the series without its last postings (7.3: without the RFC).
kunit-before: tree
	@scripts/deps.sh kunit
	@scripts/before.sh $(TARGET)

# Footprint table: KUnit of the series (and of `make unfixed` where run) on
# 4K, 16K and 64K; runs the KUnit targets that have no log yet.
FOOTPRINT_TARGETS ?= x86_64-4k arm64-16k ppc64le-64k
footprint: tree
	@for t in $(FOOTPRINT_TARGETS); do \
		[ -s build/$(BASE)/targets/$$t/test.log ] || $(MAKE) --no-print-directory kunit TARGET=$$t || exit 1; \
	done
	@BASE=$(BASE) python3 scripts/footprint.py $(FOOTPRINT_TARGETS)

warnings: tree
	@scripts/deps.sh kunit check
	@scripts/warnings.sh x86_64-4k

docs: tree
	@scripts/deps.sh check
	@scripts/docs.sh

reproduce: tree
	@scripts/reproduce.sh

kunit-sanitize: tree
	@scripts/deps.sh kunit
	@scripts/sanitize.sh $(TARGET)

bench: tree
	@scripts/deps.sh module
	@scripts/bench.sh x86_64-4k

checkpatch: tree
	@scripts/deps.sh check
	@scripts/checkpatch.sh

# Before sending: checkpatch, get_maintainer.pl, git am, every prefix builds.
send-check: tree
	@scripts/deps.sh kunit check
	@scripts/send-check.sh $(SEND_CHECK_TARGET)

# The series ready for git send-email, signed off by SENDER, To/Cc from
# get_maintainer.pl of build/<base>/linux (not rebuilt: make tree makes it).
outgoing:
	@[ -d build/$(BASE)/linux ] || { echo "no build/$(BASE)/linux: run make tree BASE=$(BASE) first (get_maintainer.pl comes from it)" >&2; exit 1; }
	@scripts/outgoing.sh

selftest:
	@tests/workspace/run.sh

clean:
	for b in $(BASES); do rm -rf build/$$b/targets build/$$b/out build/$$b/module \
		build/$$b/results build/$$b/unfixed build/$$b/warnings build/$$b/docs \
		build/$$b/base build/$$b/sanitize; done
