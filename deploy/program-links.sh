#!/usr/bin/env bash
# Links crated, crate-admin and crate-web to the one executable, crate, in a build's
# products folder, as the package installs them (Sources/crate chooses the program by the
# name it is run as): bash deploy/program-links.sh "$(swift build --show-bin-path)"
set -euo pipefail
dir=${1:?usage: program-links.sh BIN_DIR}
[ -x "$dir/crate" ] || { echo "program-links.sh: no $dir/crate: build it first (swift build --product crate)" >&2; exit 1; }
for name in crated crate-admin crate-web; do
  ln -sfn crate "$dir/$name"
done
