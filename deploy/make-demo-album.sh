#!/usr/bin/env bash
# Makes a small gapless demo album: one continuous signal cut into tracks at points that
# are not MP3-frame aligned, each encoded on its own with lame (which writes the
# LAME/Info tag that gapless playback relies on). Usage: make-demo-album.sh FOLDER
set -euo pipefail
out=${1:?usage: make-demo-album.sh FOLDER}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A slow rising and falling sweep under a steady fifth: any gap at a join is audible.
sox -n -r 44100 -c 2 -b 16 "$work/whole.wav" synth 45 sine 110-440 sine 165 \
  remix 1,2 1,2 gain -9 fade 0.5 45 1
# Cut at sample offsets (the 's' suffix) that are deliberately not multiples of 1152.
sox "$work/whole.wav" "$work/1.wav" trim 0 661537s
sox "$work/whole.wav" "$work/2.wav" trim 661537s 529201s
sox "$work/whole.wav" "$work/3.wav" trim 1190738s
names=("01 Rising" "02 Turning" "03 Falling")
for i in 1 2 3; do
  lame --quiet -V 2 --tt "${names[$((i - 1))]:3}" --ta "Crate" --tl "Demo Album" --ty 2024 --tg "Ambient" --tn "$i/3" \
    "$work/$i.wav" "$out/${names[$((i - 1))]}.mp3"
done
echo "demo album: $out"
