#!/usr/bin/env bash
# Sourced by demo.sh and install.sh: installs the build packages and builds the
# release executable, crate, with the Swift runtime linked in (nothing extra to ship),
# and its links crated, crate-admin and crate-web (deploy/program-links.sh).
# Leaves their folder in $bin.
source deploy/install-deps.sh
swift build -c release --static-swift-stdlib --product crate
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
bash deploy/program-links.sh "$bin"
