#!/usr/bin/env bash
# Plex covers: a turn of the knob onto a Plex album whose cover is not on the box yet ->
# the cover on the panel, against the local stand-in server on loopback (see covers.py).
# Usage: bash bench/covers.sh [ALBUMS] [SAMPLES]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need_packages python3 python3-numpy
log "building crated (release)"
build crated
python3 "$BENCH/covers.py" "$ROOT/.build/release" "${1:-120}" "${2:-25}"
