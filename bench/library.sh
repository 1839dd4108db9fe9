#!/usr/bin/env bash
# Library scanner benchmark: crated against MPD 0.23 on one generated library of
# 2,000 albums x 10 MP3s (see bench/README.md, "library.sh — the scanner against MPD's").
#   bench/library.sh                       full run; results in bench/out/library-results.json
#   BENCH_SCANS=3 BENCH_RESCANS=20 BENCH_REPS=100 bench/library.sh   more runs, more round trips
#   BENCH_ALBUMS=500 bench/library.sh      another library size (the cached library is rebuilt)
#   BENCH_ALBUMS=10000 BENCH_RESCANS=30 bench/library.sh   100,000 tracks; idle RSS after 30 rescans
#   BENCH_RETRIES=0 bench/library.sh       starved runs kept, not taken again (a busy box, memory only)
#   bench/library.sh --mixed               the same albums, a third each FLAC, MP3 and M4A, in
#                                          bench/out/library-mixed; results in library-mixed-results.json
set -euo pipefail

. "$(dirname "$0")/lib.sh"
MIX=()
case "${1:-}" in
    --mixed) MIX=(--mix) ;;
    "") ;;
    *) echo "usage: $0 [--mixed]" >&2; exit 2 ;;
esac
# Each library has its own folder (files, pid files, copied binaries), so both stay cached.
LIB=$OUT/library${MIX:+-mixed}
RUN=$LIB/run
mkdir -p "$RUN"
# Debian's python3: python3-mutagen installs for it (a pyenv python3 on PATH would not see it).
PY=/usr/bin/python3

# Everything we start leaves a pid file in $RUN (library.py writes crated.pid and mpd.pid);
# the trap stops exactly those: the measuring script first, so it starts nothing more.
bench_traps "$RUN" 'crated|mpd|library\.py'

need_packages mpd lame python3-mutagen
[ ${#MIX[@]} -eq 0 ] || need_packages flac ffmpeg
log "$(mpd --version | head -1)"

# --- build ----------------------------------------------------------------------------
cd "$ROOT"
log "building crated and crate-admin (release, static stdlib)"
BIN=$(swift_release --show-bin-path)
if { build crated && build crate-admin; } && [ -x "$BIN/crated" ]; then
    # A copy, so a build someone starts meanwhile cannot swap the binary under the run.
    mkdir -p "$LIB/bin"
    cp "$BIN/crated" "$BIN/crate-admin" "$LIB/bin/"
    bin_args=(--bin "$LIB/bin")
else
    echo "crated did not build: measuring MPD only" >&2
    bin_args=()
fi

# --- the library (generated once, then reused) -----------------------------------------
$PY "$BENCH/make_library.py" "$LIB" --albums "${BENCH_ALBUMS:-2000}" "${MIX[@]}"

# --- measure --------------------------------------------------------------------------
measure $PY -B "$BENCH/library.py" --out "$OUT" "${bin_args[@]}" --music "$LIB/music" ${MIX:+--mixed} \
    --scans "${BENCH_SCANS:-2}" --rescans "${BENCH_RESCANS:-10}" --reps "${BENCH_REPS:-50}" \
    --retries "${BENCH_RETRIES:-3}"
