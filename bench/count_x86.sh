#!/usr/bin/env bash
# bench/count_x86.sh — bench/arm64.sh's instruction counts on x86_64: crated (this tree's
# release build) and this machine's MPD play the same albums for ~0 s, 30 s and 60 s under
# qemu-x86_64 with the counting plugin (bench/arm64/insncount.c: whole processes, every
# thread), beside the decode floor (bench/arm64/decode_floor.c: libFLAC or libmpg123
# alone on the same files) and each player's overhead above it. The counts are the
# program's own instructions, the same on any x86_64 CPU (a VM's hidden performance
# counters do not matter); time is not measured here.
# Usage: bench/count_x86.sh   (BENCH_WINDOW=60 s of playback, BENCH_REPS=1 round)
# Results: stdout and bench/out/count-x86-results.json; work files in $BENCH_COUNT_DIR.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
log() { printf '== %s\n' "$*"; }

W=${BENCH_COUNT_DIR:-/var/tmp/crate-bench-x86count}
RUN=$W/run
mkdir -p "$W" "$RUN" "$OUT"
need_packages qemu-user gcc libc6-dev sox flac lame mpd libflac-dev libmpg123-dev
qemu-x86_64 -h | grep -q -- '-plugin' || { echo "this qemu-x86_64 has no -plugin" >&2; exit 1; }
bench_traps "$RUN" 'qemu-x86_64|measure_arm64'

cd "$ROOT"
log "building crated (release, static stdlib)"
build crated
BIN=$(swift_release --show-bin-path)
# A copy, so a build someone starts meanwhile cannot swap the binary under the run; the
# name chooses the program (Sources/crate).
mkdir -p "$W/bin"
cp "$BIN/crate" "$W/bin/crate.tmp" && mv "$W/bin/crate.tmp" "$W/bin/crate"
ln -sfn crate "$W/bin/crated"

gcc -O2 -Wall -Wextra -Werror -shared -fPIC -o "$W/insncount.so" "$BENCH/arm64/insncount.c"
gcc -O2 -Wall -Wextra -Werror -o "$W/decode-floor" "$BENCH/arm64/decode_floor.c" -lFLAC -lmpg123
bash "$BENCH/arm64/albums.sh" "$W/music" 40
log "$(qemu-x86_64 --version | head -1), $(mpd --version | head -1)"

measure python3 -B "$BENCH/arm64/measure_arm64.py" --native "$W/insncount.so" --crated "$W/bin/crated" \
    --music "$W/music" --floor "$W/decode-floor" --run "$RUN" \
    --window "${BENCH_WINDOW:-60}" --reps "${BENCH_REPS:-1}" --track-seconds 40 \
    --out "$OUT/count-x86-results.json"
