#!/usr/bin/env bash
# Benchmark crated against MPD 0.23 on the same MP3s (see bench/README.md).
#   bench/run.sh            full run (~5 min); results in bench/out/results.json
#   BENCH_REPS=5 BENCH_WINDOW=30 bench/run.sh    a quicker, noisier run
set -euo pipefail

. "$(dirname "$0")/lib.sh"
RUN=$OUT/run
MUSIC=$OUT/music
mkdir -p "$RUN" "$MUSIC"

# Everything we start leaves a pid file in $RUN; the trap kills exactly those.
bench_traps "$RUN" 'jackd|crated|mpd'

need_packages mpd jackd2 libasound2-plugins alsa-utils lame sox
log "$(mpd --version | head -1)"

# --- build ----------------------------------------------------------------------------
cd "$ROOT"
log "building crate-bench"
build crate-bench
BIN=$(swift_release --show-bin-path)
log "building crated and crate-admin"
build crated && build crate-admin
[ -x "$BIN/crated" ] || { echo "crated did not build" >&2; exit 1; }

# --- test files: 3 x 60 s music-like tracks, two 15 s tones for latency ----------------
gen() {  # gen NAME SOX-SYNTH-ARGS...
    local name=$1; shift
    [ -s "$MUSIC/$name.mp3" ] && return
    sox -n -r 44100 -c 2 -b 16 "$RUN/$name.wav" "$@"
    lame --quiet -b 192 "$RUN/$name.wav" "$MUSIC/$name.mp3"
    rm -f "$RUN/$name.wav"
}
log "test files in $MUSIC"
for i in 1 2 3; do
    # left: a sine sweep plus some pink noise; right: the other way round
    gen "track$i" synth 60 sine $((100 * i))-$((6000 + 1000 * i)) pinknoise \
        remix 1v0.6,2v0.2 1v0.2,2v0.6 vol 0.6
done
gen lo synth 15 sine 400 vol 0.5
gen hi synth 15 sine 1500 vol 0.5

# --- JACK dummy backend and the ALSA PCM both players use ------------------------------
bench_alsa_conf "$RUN" cratebench
log "starting jackd (dummy, 44100 Hz, 1024-frame periods)"
jackd -R -d dummy -r 44100 -p 1024 >"$RUN/jackd.log" 2>&1 &
echo $! >"$RUN/jackd.pid"
for _ in $(seq 50); do jack_lsp >/dev/null 2>&1 && break; sleep 0.1; done
jack_lsp >/dev/null 2>&1 || { cat "$RUN/jackd.log"; exit 1; }

# --- measure --------------------------------------------------------------------------
python3 -B "$BENCH/measure.py" --out "$OUT" --bin "$BIN" \
    --reps "${BENCH_REPS:-10}" --window "${BENCH_WINDOW:-60}"
