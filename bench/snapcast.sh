#!/usr/bin/env bash
# crated as a snapcast source (see bench/README.md, "snapcast.sh"): the end-to-end delay from
# a press of the play button (`crate-admin input press play`, resuming a paused album) to
# the first sample in a room's capture, snapserver's buffer included; and the CPU crated
# spends per 60 s sending a 44.1/16 album (passed through) and a 96/24 album (resampled
# with libsoxr) into the stream, beside the same album on the plain ALSA output (ALSA's
# `null` PCM, clock-paced: no card here). About 5 minutes; results in
# bench/out/snapcast-results.json.
#   bench/snapcast.sh
#   BENCH_WINDOW=20 SNAP_BUFFER=1000 bench/snapcast.sh     quicker; snapserver's buffer in ms
set -euo pipefail

. "$(dirname "$0")/lib.sh"
SC=$OUT/snapcast
RUN=$SC/run
MUSIC=$SC/music
mkdir -p "$RUN" "$MUSIC"

# snapcast_play.py writes a pid file for each process it starts; the trap stops exactly those.
bench_traps "$RUN" 'snapserver|snapclient|crated|snapcast_play\.py'

need_packages snapserver snapclient sox flac
log "$(snapserver --version | head -1)"

cd "$ROOT"
log "building crated and crate-admin (release, static stdlib)"
BIN=$(swift_release --show-bin-path)
build crated
build crate-admin
# A copy, so a build someone starts meanwhile cannot swap the binary under the run.
mkdir -p "$SC/bin"
cp "$BIN/crated" "$BIN/crate-admin" "$SC/bin/"

album() {  # album TAG RATE BITS: three 60 s tracks of a sweep with pink noise, as flac.sh's
    local tag=$1 rate=$2 bits=$3 i
    mkdir -p "$MUSIC/$tag"
    [ -s "$MUSIC/$tag/track3.flac" ] && return
    for i in 1 2 3; do
        sox -n -r "$rate" -c 2 -b "$bits" "$RUN/t$i.wav" synth 60 \
            sine $((100 * i))-$((6000 + 1000 * i)) pinknoise \
            remix 1v0.6,2v0.2 1v0.2,2v0.6 vol 0.6
        flac --silent --force -o "$MUSIC/$tag/track$i.flac" "$RUN/t$i.wav"
        rm -f "$RUN/t$i.wav"
    done
}
log "albums in $MUSIC"
album 16-44 44100 16
album 24-96 96000 24

measure python3 -B "$BENCH/snapcast_play.py" --run "$RUN" --music "$MUSIC" --bin "$SC/bin" \
    --results "$OUT/snapcast-results.json" --window "${BENCH_WINDOW:-60}" \
    --buffer "${SNAP_BUFFER:-1000}" --reps "${BENCH_REPS:-10}"
