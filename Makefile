# amdgpu/amdkfd on non-4K PAGE_SIZE: the patch series, its tree, its tests.
#
#   make               tree + amdgpu.ko for ppc64le-64k + KUnit for ppc64le-64k
#   make check         KUnit on all targets, checkpatch, the workspace's tests
#   make tree          build/linux = Debian's linux-source-6.12 + patches/
#   make export        commits after "base" in build/linux -> patches/
#   make kunit TARGET=<target>     make module TARGET=<target>
#   make bisect TARGET=<target>    every prefix of the series compiles
#
# Targets: x86_64-4k ppc64le-64k arm64-16k arm64-64k

include config.mk

TARGET ?= $(DEFAULT_TARGET)
SHELL  := /bin/bash

.PHONY: all deps tree export kunit module check bisect checkpatch selftest \
	summary clean help

all: tree
	@$(MAKE) --no-print-directory module TARGET=$(DEFAULT_TARGET)
	@$(MAKE) --no-print-directory kunit TARGET=$(DEFAULT_TARGET)
	@scripts/summary.sh $(DEFAULT_TARGET)

help:
	@sed -n '3,11p' Makefile | sed 's/^# \{0,1\}//'

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

checkpatch: tree
	@scripts/deps.sh check
	@scripts/checkpatch.sh

selftest:
	@tests/workspace/run.sh

clean:
	rm -rf build/targets build/out build/module build/results
