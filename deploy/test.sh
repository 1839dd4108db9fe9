#!/usr/bin/env bash
# Installs what the tests need, builds everything, and runs every test: the XCTest
# suite, then the package checks, the boot test with simulated hardware
# (deploy/vm/boot-test.sh: a bookworm VM in qemu) and the power-cut test in the same VM
# (deploy/vm/power-cut-test.sh). CRATE_SKIP_VM=1 stops after the XCTest suite (a
# machine without qemu's needs, or a quick local run).
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/install-deps.sh

# The daemon tests start the real crated and crate-admin, so build all products first.
swift build --build-tests
# XCTest only: the suite has no Swift Testing tests, and its empty run would print last.
swift test --skip-build --disable-swift-testing

if [ "${CRATE_SKIP_VM:-0}" = 1 ]; then
  echo "CRATE_SKIP_VM=1: package checks, the boot test and the power-cut test skipped"
  exit 0
fi
# The release .deb, built once for both VM tests: the boot test checks it (systemd-analyze
# verify, udev lint) and boots it; the power-cut test cuts the VM's power 30 times
# mid-write. Both run even when the first fails, so one run shows both verdicts.
deb=$(bash deploy/build-deb.sh | tail -1)
verdict=0
bash deploy/vm/boot-test.sh --deb "$deb" || verdict=1
bash deploy/vm/power-cut-test.sh --deb "$deb" || verdict=1
exit $verdict
