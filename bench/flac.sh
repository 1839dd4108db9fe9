#!/usr/bin/env bash
# FLAC playback: crated against MPD 0.23's flac plugin, CPU per 60 s and RSS while playing
# a FLAC album at 16/44.1 and at 24/96, through JACK at the album's own rate (see
# bench/README.md, "flac.sh"). About 8 minutes (a minute more for each disturbed window
# taken again); results in bench/out/flac-results.json.
#   bench/flac.sh
#   BENCH_WINDOW=30 bench/flac.sh      a quicker, noisier run
#   bench/flac.sh --cases 24/96 --players aplay,crate
#                                      measure some numbers again (into flac-rerun.json)
set -euo pipefail

. "$(dirname "$0")/lib.sh"
FL=$OUT/flac
RUN=$FL/run
MUSIC=$FL/music
mkdir -p "$RUN" "$MUSIC"

# Everything we start leaves a pid file in $RUN (flac_play.py writes jackd, mpd, crated and
# aplay's); the trap stops exactly those, the measuring script first.
bench_traps "$RUN" 'jackd|crated|mpd|aplay|flac_play\.py'

need_packages mpd jackd2 libasound2-plugins alsa-utils sox flac
log "$(mpd --version | head -1)"

# --- build ----------------------------------------------------------------------------
cd "$ROOT"
log "building crated and crate-admin (release, static stdlib)"
BIN=$(swift_release --show-bin-path)
if { build crated && build crate-admin; } && [ -x "$BIN/crated" ]; then
    # A copy, so a build someone starts meanwhile cannot swap the binary under the run.
    mkdir -p "$FL/bin"
    cp "$BIN/crated" "$BIN/crate-admin" "$FL/bin/"
    bin_args=(--bin "$FL/bin")
else
    echo "crated did not build: measuring MPD only" >&2
    bin_args=()
fi

# --- the albums: 3 x 60 s at 16/44.1 and at 24/96, and the floor's WAVs -----------------
# The signal is run.sh's (a sweep plus pink noise, different per channel): noise keeps the
# FLAC frames as big as real music's rather than the few bytes a pure tone would take.
album() {  # album TAG RATE BITS
    local tag=$1 rate=$2 bits=$3 i wavs=()
    [ -s "$MUSIC/floor-$tag.wav" ] && return
    for i in 1 2 3; do
        sox -n -r "$rate" -c 2 -b "$bits" "$RUN/t$i.wav" synth 60 \
            sine $((100 * i))-$((6000 + 1000 * i)) pinknoise \
            remix 1v0.6,2v0.2 1v0.2,2v0.6 vol 0.6
        flac --silent --force -o "$MUSIC/track$i-$tag.flac" "$RUN/t$i.wav"
        wavs+=("$RUN/t$i.wav")
    done
    # The floor plays what crated hands ALSA: 16-bit as is, 24-bit in the top of S32_LE.
    sox "${wavs[@]}" -b $((bits == 16 ? 16 : 32)) "$MUSIC/floor-$tag.wav.tmp.wav"
    mv "$MUSIC/floor-$tag.wav.tmp.wav" "$MUSIC/floor-$tag.wav"
    rm -f "${wavs[@]}"
}
log "albums in $MUSIC"
album 16-44 44100 16
album 24-96 96000 24

# --- measure: flac_play.py starts a jackd per rate ------------------------------------
bench_alsa_conf "$RUN" cratebench-flac
results=$OUT/flac-results.json
[ $# -eq 0 ] || results=$OUT/flac-rerun.json  # a partial run keeps the full run's results
measure python3 -B "$BENCH/flac_play.py" --out "$FL" --music "$MUSIC" "${bin_args[@]}" \
    --results "$results" --window "${BENCH_WINDOW:-60}" "$@"
