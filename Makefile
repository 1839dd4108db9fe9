# Shortcuts for the scripts in deploy/ (each works on its own; see README).
.PHONY: build test unit-test deb check-packaging vm-test vm-test-arm64 vm-powercut vm-smoke demo install

build:
	swift build

# Everything CI runs: the XCTest suite, the package checks, the boot test and the power-cut test.
test:
	bash deploy/test.sh

unit-test:
	CRATE_SKIP_VM=1 bash deploy/test.sh

deb:
	bash deploy/build-deb.sh

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

demo:
	bash deploy/demo.sh

install:
	bash deploy/install.sh
