#!/usr/bin/env bash
# MPD protocol benchmark: crated's MPD front end against MPD 0.23 itself, both on TCP
# 127.0.0.1 and the same music, both playing one album to a null sink (see bench/README.md,
# "mpd.sh — the MPD protocol against MPD's").
#   bench/mpd.sh                           full run; results in bench/out/mpd-results.json
#   BENCH_REPS=500 BENCH_IDLERS=200 bench/mpd.sh   round trips per series, idle clients
set -euo pipefail

. "$(dirname "$0")/lib.sh"
LIB=$OUT/mpd-protocol
RUN=$LIB/run
mkdir -p "$RUN"
PY=/usr/bin/python3

bench_traps "$RUN" 'crated|mpd|mpd_protocol\.py'

need_packages mpd lame sox python3-mutagen
log "$(mpd --version | head -1)"

cd "$ROOT"
log "building crated (release, static stdlib)"
BIN=$(swift_release --show-bin-path)
build crated
mkdir -p "$LIB/bin"
cp "$BIN/crated" "$LIB/bin/"

# A library of 200 short albums (as library.sh makes them), plus the album both play:
# three 10-minute tracks, so no track change lands in a measurement.
$PY "$BENCH/make_library.py" "$LIB" --albums 200
LONG=$LIB/music/Bench/Long
if [ ! -e "$LONG/03.mp3" ]; then
    mkdir -p "$LONG"
    for n in 1 2 3; do
        sox -n -r 44100 -c 2 -b 16 "$RUN/long.wav" synth 600 sine $((200 * n)) vol 0.3
        lame --quiet --tt "Long $n" --ta Bench --tl Long --tn "$n" "$RUN/long.wav" "$LONG/0$n.mp3"
    done
    rm -f "$RUN/long.wav"
fi

measure $PY -B "$BENCH/mpd_protocol.py" --out "$OUT" --bin "$LIB/bin" --music "$LIB/music" --run "$RUN" \
    --reps "${BENCH_REPS:-500}" --idlers "${BENCH_IDLERS:-200}"
