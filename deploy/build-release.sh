#!/usr/bin/env bash
# Sourced by demo.sh and install.sh: installs the build packages and builds the
# release binaries with the Swift runtime linked in (nothing extra to ship).
# Leaves their folder in $bin.
source deploy/install-deps.sh
swift build -c release --static-swift-stdlib --product crated
swift build -c release --static-swift-stdlib --product crate-admin
swift build -c release --static-swift-stdlib --product crate-web
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
