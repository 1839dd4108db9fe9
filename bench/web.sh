#!/usr/bin/env bash
# crate-web's benchmark: the page in chromium against crated on a generated library of
# 20,000 albums: first page ready, cover tap → first sample, knob → page, crate-web idle
# (docs/benchmarks.md, "The web page").
# The library (make_library.py, 2 tracks an album: the page counts albums, crated's
# first scan counts files) and crated's scanned store are kept in $BENCH_WEB_CACHE
# (default /var/tmp/crate-bench-web): the first run generates and scans once (many
# minutes under load), later runs copy the store in, and crated starts on it without
# scanning again. The store is kept per schema (Sources/CrateLibrary/Store/Schema).
#   bench/web.sh                         release build, 20,000 albums
#   BENCH_ALBUMS=2000 bench/web.sh       a smaller library (cached apart)
#   BENCH_BIN=.build/debug bench/web.sh  use binaries already built (no release build)
set -euo pipefail

. "$(dirname "$0")/lib.sh"
ALBUMS=${BENCH_ALBUMS:-20000}
LIB=${BENCH_WEB_CACHE:-/var/tmp/crate-bench-web}/library-$ALBUMS-x2
mkdir -p "$LIB"
PY=/usr/bin/python3
need_packages lame python3-mutagen chromium chromium-driver python3-selenium

cd "$ROOT"
if [ -n "${BENCH_BIN:-}" ]; then
    BIN=$BENCH_BIN
else
    log "building crated and crate-web (release, static stdlib)"
    BIN=$(swift_release --show-bin-path)
    build crated
    build crate-web
fi
$PY "$BENCH/make_library.py" "$LIB" --albums "$ALBUMS" --tracks 2
schema=$(cat Sources/CrateLibrary/Store/Schema/*.swift | sha256sum | cut -c1-12)
$PY -B "$BENCH/web.py" --bin "$BIN" --music "$LIB/music" --store "$LIB/store-$schema" --out "$OUT" \
    --reps "${BENCH_REPS:-7}" --idle "${BENCH_IDLE:-30}"
