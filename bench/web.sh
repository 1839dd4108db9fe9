#!/usr/bin/env bash
# crate-web's benchmark: the page in chromium against crated on the generated library of
# 20,000 albums (make_library.py, cached in bench/out/library-web): first page ready,
# cover tap → first sample, knob → page, crate-web idle (docs/benchmarks.md, "The web page").
#   bench/web.sh                         release build, 20,000 albums
#   BENCH_ALBUMS=2000 bench/web.sh       a smaller library (cached apart)
#   BENCH_BIN=.build/debug bench/web.sh  use binaries already built (no release build)
set -euo pipefail

. "$(dirname "$0")/lib.sh"
ALBUMS=${BENCH_ALBUMS:-20000}
LIB=$OUT/library-web-$ALBUMS
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
$PY "$BENCH/make_library.py" "$LIB" --albums "$ALBUMS"
$PY -B "$BENCH/web.py" --bin "$BIN" --music "$LIB/music" --out "$OUT" --reps "${BENCH_REPS:-7}" --idle "${BENCH_IDLE:-30}"
