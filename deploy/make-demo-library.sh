#!/usr/bin/env bash
# Makes the demo record store: the gapless demo album (make-demo-album.sh) and a dozen
# short albums across genres, each with tags (artist, album, year, genre, track numbers)
# and a cover.png (a spectrogram of its own sound, so every sleeve differs). Only sox
# and lame, a few seconds in all. Usage: make-demo-library.sh MUSIC_FOLDER
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
music=${1:?usage: make-demo-library.sh MUSIC_FOLDER}
mkdir -p "$music"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# artist | album | year | genre | sox generators (two, mixed down) | cover palette (1-6)
albums=(
  "The Blue Notes|Late Set|1959|Hard Bop|pluck 220 sine 330|1"
  "Miles Apart|Cool Water|1957|Cool Jazz|sine 196 triangle 294|2"
  "Static Youth|Loud Garage|1994|Indie Rock|sawtooth 110 square 165|3"
  "Three Chords|Fast Lane|1977|Punk|square 147 sawtooth 220|4"
  "Grid Runner|Warehouse|1992|Techno|square 55 sine 880-440|5"
  "A Quiet Room|Drift|2003|Downtempo|sine 174-261 sine 261|6"
  "The Continuo|Suite in D|1720|Baroque|triangle 293 pluck 440|1"
  "Neon Hearts|Night Radio|1984|Synthpop|sawtooth 261 square 329|2"
  "Hollow Pine|River Songs|1971|Folk|pluck 196 pluck 247|3"
  "Muddy Fields|Crossroads|1936|Delta Blues|pluck 82 triangle 123|4"
  "Sound System|Island Time|1978|Reggae|square 98 pluck 392|5"
  "The Velvets|Sweet Talk|1967|Soul|triangle 233 sine 349|6"
)
titles=("Opening" "Middle" "Closing")
seconds=6

make_album() {
  local artist=$1 album=$2 year=$3 genre=$4 synth=$5 palette=$6 n=$7
  local dir="$music/$artist/$album"
  [ -f "$dir/cover.png" ] && return 0
  mkdir -p "$dir"
  for i in 1 2 3; do
    # Each track a little higher, so the album is heard to move on.
    sox -n -r 44100 -c 2 -b 16 "$work/$n-$i.wav" synth $seconds $synth \
      remix 1,2 1,2 gain -14 pitch $(( (i - 1) * 200 )) tremolo $((i + 1)) 40 fade 0.2 $seconds 0.8
    lame --quiet -V 4 --id3v2-only --tt "${titles[$((i - 1))]}" --ta "$artist" --tl "$album" --ty "$year" \
      --tg "$genre" --tn "$i/3" "$work/$n-$i.wav" "$dir/0$i ${titles[$((i - 1))]}.mp3"
  done
  sox -n -r 8000 -c 3 -n synth 4 $synth sine $((300 + n * 150))-$((2800 - n * 120)) remix - tremolo $((n + 2)) 70 \
    spectrogram -r -x 240 -y 240 -p "$palette" -o "$dir/cover.png"
}

n=0
for entry in "${albums[@]}"; do
  IFS='|' read -r artist album year genre synth palette <<<"$entry"
  n=$((n + 1))
  make_album "$artist" "$album" "$year" "$genre" "$synth" "$palette" "$n" &
done
gapless="$music/Crate/Demo Album"
[ -f "$gapless/03 Falling.mp3" ] || bash "$here/make-demo-album.sh" "$gapless" >/dev/null &
wait
[ -f "$gapless/cover.png" ] || sox -n -r 8000 -n synth 4 sine 110-2000 sine 165 remix - \
  spectrogram -r -x 240 -y 240 -p 1 -o "$gapless/cover.png"
echo "demo library: $music ($(( ${#albums[@]} + 1 )) albums)"
