#!/usr/bin/env bash
# Installs what the tests need, builds everything, and runs every test: the XCTest
# suite, then the package checks and the boot test with simulated hardware
# (deploy/vm/boot-test.sh: a bookworm VM in qemu). CRATE_SKIP_VM=1 stops after the
# XCTest suite (a machine without qemu's needs, or a quick local run).
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/install-deps.sh

# The daemon tests start the real crated and crate-admin, so build all products first.
swift build --build-tests
# XCTest only: the suite has no Swift Testing tests, and its empty run would print last.
swift test --skip-build --disable-swift-testing

if [ "${CRATE_SKIP_VM:-0}" = 1 ]; then
  echo "CRATE_SKIP_VM=1: package checks and the boot test skipped"
  exit 0
fi
# Builds the release .deb, checks it (systemd-analyze verify, udev lint), boots it.
bash deploy/vm/boot-test.sh
