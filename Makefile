# Shortcuts for the scripts in deploy/ (each works on its own; see README).
.PHONY: build test unit-test deb deb-arm64 debs install-test arm64-unit-test check-packaging vm-test vm-test-arm64 vm-powercut vm-smoke image image-test demo install soak-snapcast

build:
	swift build

# Everything CI runs (deploy/test.sh says what, docs/testing.md where the rest runs).
test:
	bash deploy/test.sh

unit-test:
	CRATE_SKIP_VM=1 bash deploy/test.sh

# The package for Debian 13 "trixie" (amd64), cross-built with Debian's Swift against a
# trixie sysroot (prepared once, cached); DIST=bookworm for Debian 12's.
DIST ?= trixie
deb:
	bash deploy/build-deb.sh --dist $(DIST)

# The arm64 package for DIST (trixie unless DIST=bookworm), cross-built with Debian's Swift.
deb-arm64:
	bash deploy/build-deb.sh --dist $(DIST) --arch arm64

# All four packages: Debian 13 and 12, amd64 and arm64 (deploy/dists.sh).
debs:
	for dist in trixie bookworm; do for arch in amd64 arm64; do \
	  bash deploy/build-deb.sh --dist $$dist --arch $$arch || exit 1; done; done

# The four packages, each installed with apt in a root of its release and architecture
# (arm64 under qemu-user) and played there, sample-exact (CI runs this).
install-test:
	set -e; debs=; for dist in trixie bookworm; do for arch in amd64 arm64; do \
	  out=$$(bash deploy/build-deb.sh --dist $$dist --arch $$arch); debs="$$debs $$(echo "$$out" | tail -1)"; \
	done; done; bash deploy/install-test/install-test.sh $$debs

# The XCTest suite built for arm64 and the suites that run under qemu-user.
arm64-unit-test:
	bash deploy/arm64/unit-test.sh

check-packaging:
	bash deploy/check-packaging.sh "$$(bash deploy/build-deb.sh --dist $(DIST) | tail -1)"

# The boot test with simulated GPIO, sound card and framebuffer in a qemu VM of Debian
# DIST (trixie unless DIST=bookworm) with that release's package.
vm-test:
	CRATE_VM_DIST=$(DIST) bash deploy/vm/boot-test.sh

# The whole boot test on arm64 (qemu -M virt, emulated: ~4x slower) with the arm64 .deb.
vm-test-arm64:
	CRATE_VM_DIST=$(DIST) bash deploy/vm/boot-test.sh --arch arm64

# 30 power cuts (qemu killed) mid-scan, mid-download and mid-album, checked after each boot.
vm-powercut:
	CRATE_VM_DIST=$(DIST) bash deploy/vm/power-cut-test.sh

# Only the simulated hardware, without Crate (debugging the VM itself).
vm-smoke:
	CRATE_VM_DIST=$(DIST) bash deploy/vm/smoke.sh

# The Raspberry Pi card image of Debian DIST (trixie unless DIST=bookworm) with that
# release's arm64 .deb (docs/admin-guide.md, "The card image for a Raspberry Pi");
# prints its path last. Run as root.
image:
	CRATE_IMAGE_DIST=$(DIST) bash deploy/image/build.sh

# The card image booted in qemu's Raspberry Pi 3 and Pi 4 models (MODEL=raspi3b or
# raspi4b: one of them): settings file, read-only root, data partition, knob press to
# first sample, a refused settings file, crate-update (docs/testing.md; not in CI).
MODEL ?=
image-test:
	CRATE_IMAGE_DIST=$(DIST) bash deploy/image/boot-test.sh $(if $(MODEL),--model $(MODEL))

demo:
	bash deploy/demo.sh

install:
	bash deploy/install.sh

# Not in CI: the two-room snapcast check and the tests that missed now and then, RUNS times
# in a row each (HOG=1: with `yes > /dev/null` beside them); prints the count of misses.
RUNS ?= 50
HOG ?= 0
soak-snapcast:
	HOG=$(HOG) bash deploy/soak-snapcast.sh $(RUNS)
