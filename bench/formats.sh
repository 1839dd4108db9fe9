#!/usr/bin/env bash
# Decode throughput per format: `crate-bench decode` against each format's own
# command-line decoder and ffmpeg on the same 60 s files (see bench/README.md,
# "formats.sh"). About a minute once built; results in bench/out/formats-results.json.
#   bench/formats.sh
#   BENCH_REPS=10 bench/formats.sh     more runs (best of)
set -euo pipefail

. "$(dirname "$0")/lib.sh"
FMT=$OUT/formats
RUN=$FMT/run
MUSIC=$FMT/music
mkdir -p "$RUN" "$MUSIC"
bench_traps "$RUN" 'formats\.py'

need_packages sox lame flac vorbis-tools opus-tools ffmpeg mpg123 faad

# --- build ----------------------------------------------------------------------------
cd "$ROOT"
log "building crate-bench (release, static stdlib)"
build crate-bench
BIN=$(swift_release --show-bin-path)
[ -x "$BIN/crate-bench" ] || { echo "crate-bench did not build" >&2; exit 1; }
mkdir -p "$FMT/bin"
cp "$BIN/crate-bench" "$FMT/bin/"

# --- the files: one signal (run.sh's sweep plus pink noise) in every format ------------
encode() {  # encode FILE COMMAND... ({} = the source WAV); a file made before is kept
    local out=$MUSIC/$1 i
    shift
    [ -s "$out" ] && return
    local argv=()
    for i in "$@"; do argv+=("${i//\{\}/$SRC}"); done
    "${argv[@]}" "$out.tmp.${out##*.}"
    mv "$out.tmp.${out##*.}" "$out"
}
signal() {  # signal RATE BITS SECONDS WAV
    sox -n -r "$1" -c 2 -b "$2" "$4" synth "$3" sine 100-7000 pinknoise \
        remix 1v0.6,2v0.2 1v0.2,2v0.6 vol 0.6
}
# Each format twice: 60 s, and 1 s, whose run is mostly the tool's start-up and opening
# cost; formats.py takes the difference (see there).
log "files in $MUSIC"
for len in 60 1; do
    if [ ! -s "$MUSIC/flac-24-96-$len.flac" ]; then  # the last one made
        SRC=$RUN/src-16-44.wav
        signal 44100 16 "$len" "$SRC"
        encode "mp3-$len.mp3" lame --quiet -b 192 {}
        encode "flac-16-44-$len.flac" flac --silent --force {} -o
        encode "vorbis-$len.ogg" oggenc --quiet -q 5 {} -o
        encode "opus-$len.opus" opusenc --quiet --bitrate 128 {}
        encode "aac-$len.m4a" ffmpeg -nostdin -v error -y -i {} -c:a aac -b:a 192k
        encode "alac-$len.m4a" ffmpeg -nostdin -v error -y -i {} -c:a alac
        SRC=$RUN/src-24-96.wav
        signal 96000 24 "$len" "$SRC"
        encode "flac-24-96-$len.flac" flac --silent --force {} -o
        rm -f "$RUN"/src-*.wav
    fi
done

# --- measure --------------------------------------------------------------------------
measure python3 -B "$BENCH/formats.py" --bin "$FMT/bin" --music "$MUSIC" --reps "${BENCH_REPS:-5}" \
    --results "$OUT/formats-results.json"
