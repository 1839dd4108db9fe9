#!/usr/bin/env bash
# Installs what the tests need, builds everything, and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/install-deps.sh

# The daemon tests start the real crated and crate-admin, so build all products first.
swift build --build-tests
# XCTest only: the suite has no Swift Testing tests, and its empty run would print last.
swift test --skip-build --disable-swift-testing
