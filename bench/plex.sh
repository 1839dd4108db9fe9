#!/usr/bin/env bash
# Plex: sync of 2,000 albums / 20,000 tracks and press -> playing for an uncached album,
# against the local stand-in server (see plex.py). Usage: bash bench/plex.sh [ALBUMS] [TRACKS]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_packages sox lame python3
log "building crated (release)"
build crated
build crate-admin
python3 "$BENCH/plex.py" "$ROOT/.build/release" "${1:-2000}" "${2:-10}"
