# amdgpu/amdkfd on non-4K PAGE_SIZE: the patch series, its tree, its tests.
#
#   make               tree + amdgpu.ko for ppc64le-64k + KUnit for ppc64le-64k
#   make check         KUnit on all targets, checkpatch, the workspace's tests
#   make tree          build/linux = Debian's linux-source-6.12 + patches/
#   make export        commits after "base" in build/linux -> patches/
#   make kunit TARGET=<target>     make module TARGET=<target>
#   make bisect TARGET=<target>    every prefix of the series compiles
#   make unfixed TARGET=<target>   KUnit with the fixes of tests/unfixed reverted
#   make footprint     sizes per queue/process/device from KUnit, 4K/16K/64K
#   make warnings      W=1, sparse, kernel-doc: base tree vs series (in check)
#   make docs          Sphinx build of Documentation/gpu (in check)
#   make reproduce     git am of patches/ gives build/linux's tree (in check)
#   make kunit-sanitize TARGET=<target>   KUnit with KASAN + UBSAN
#   make bench         amdgpu.ko text size base vs series (x86_64-4k), check times
#
# Targets: x86_64-4k ppc64le-64k arm64-16k arm64-64k

include config.mk

TARGET ?= $(DEFAULT_TARGET)
SHELL  := /bin/bash

.PHONY: all deps tree export kunit module check bisect checkpatch selftest \
	summary clean help unfixed footprint warnings docs reproduce \
	kunit-sanitize bench

all: tree
	@$(MAKE) --no-print-directory module TARGET=$(DEFAULT_TARGET)
	@$(MAKE) --no-print-directory kunit TARGET=$(DEFAULT_TARGET)
	@scripts/summary.sh $(DEFAULT_TARGET)

help:
	@sed -n '3,18p' Makefile | sed 's/^# \{0,1\}//'

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
check: tree
	@scripts/deps.sh kunit check
	@scripts/check.sh $(TARGETS)

# Every prefix of the series compiles amdgpu for TARGET (incremental).
bisect: kunit
	@scripts/bisect.sh $(TARGET)

# The series with some fixes reverted: which tests fail, what it costs.
unfixed: tree
	@scripts/deps.sh kunit
	@scripts/unfixed.sh $(TARGET)

# Footprint table: KUnit of the series (and of `make unfixed` where run) on
# 4K, 16K and 64K; runs the KUnit targets that have no log yet.
FOOTPRINT_TARGETS ?= x86_64-4k arm64-16k ppc64le-64k
footprint: tree
	@for t in $(FOOTPRINT_TARGETS); do \
		[ -s build/targets/$$t/test.log ] || $(MAKE) --no-print-directory kunit TARGET=$$t || exit 1; \
	done
	@python3 scripts/footprint.py $(FOOTPRINT_TARGETS)

warnings: tree
	@scripts/deps.sh kunit check
	@[ -f build/targets/x86_64-4k/.config ] || $(MAKE) --no-print-directory kunit TARGET=x86_64-4k
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

selftest:
	@tests/workspace/run.sh

clean:
	rm -rf build/targets build/out build/module build/results build/unfixed \
		build/warnings build/docs build/base build/sanitize
