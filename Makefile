# Shortcuts for the scripts in deploy/ (each works on its own; see README).
.PHONY: build test unit-test deb deb-arm64 arm64-test arm64-unit-test check-packaging vm-test vm-test-arm64 vm-powercut vm-smoke image image-test demo install

build:
	swift build

# Everything CI runs (deploy/test.sh says what, docs/testing.md where the rest runs).
test:
	bash deploy/test.sh

unit-test:
	CRATE_SKIP_VM=1 bash deploy/test.sh

deb:
	bash deploy/build-deb.sh

# The arm64 .deb, cross-built with Debian's Swift (the toolchain is prepared once, cached).
deb-arm64:
	bash deploy/build-deb.sh --arch arm64

# Both packages, the arm64 one installed with apt in a Debian 12 arm64 root and played
# under qemu-user, its captures equal to the x86_64 package's (CI runs this).
arm64-test:
	bash deploy/arm64/install-test.sh --deb "$$(bash deploy/build-deb.sh --arch arm64 | tail -1)" \
	  --reference-deb "$$(bash deploy/build-deb.sh | tail -1)"

# The XCTest suite built for arm64 and the suites that run under qemu-user.
arm64-unit-test:
	bash deploy/arm64/unit-test.sh

check-packaging:
	bash deploy/check-packaging.sh "$$(bash deploy/build-deb.sh | tail -1)"

# The boot test with simulated GPIO, sound card and framebuffer in a qemu VM.
vm-test:
	bash deploy/vm/boot-test.sh

# The whole boot test on arm64 (qemu -M virt, emulated: ~4x slower) with the arm64 .deb.
vm-test-arm64:
	bash deploy/vm/boot-test.sh --arch arm64

# 30 power cuts (qemu killed) mid-scan, mid-download and mid-album, checked after each boot.
vm-powercut:
	bash deploy/vm/power-cut-test.sh

# Only the simulated hardware, without Crate (debugging the VM itself).
vm-smoke:
	bash deploy/vm/smoke.sh

# The Raspberry Pi card image with the arm64 .deb (docs/admin-guide.md, "The card image for a Raspberry Pi");
# prints its path last. Run as root.
image:
	bash deploy/image/build.sh

# The card image booted in qemu's Raspberry Pi 3 model: settings file, read-only root,
# data partition, knob press to first sample, a refused settings file, crate-update
# (docs/testing.md; not in CI: 16-30 min on the shared machine, root cached).
image-test:
	bash deploy/image/boot-test.sh

demo:
	bash deploy/demo.sh

install:
	bash deploy/install.sh
