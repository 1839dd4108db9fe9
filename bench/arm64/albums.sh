#!/usr/bin/env bash
# The counting benches' albums (bench/arm64.sh, bench/count_x86.sh), made once into
# MUSIC: FLAC/ and MP3/, 3 tracks x TRACK_S s each, so a 60 s window holds a gapless track
# change and no player reaches the album's end, whatever it decodes ahead (MPD: 4 MiB, ~24 s).
#   bash bench/arm64/albums.sh MUSIC [TRACK_S]
set -euo pipefail
MUSIC=${1:?usage: albums.sh MUSIC [TRACK_S]}
TRACK_S=${2:-40}
[[ -s $MUSIC/MP3/03.mp3 ]] && exit 0
echo "== albums in $MUSIC"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$MUSIC"; mkdir -p "$MUSIC/FLAC" "$MUSIC/MP3"
for i in 1 2 3; do
    # run.sh's signal: a sweep plus pink noise, different per channel (noise keeps the
    # frames as large as music's)
    sox -n -r 44100 -c 2 -b 16 "$work/t$i.wav" synth "$TRACK_S" sine $((100 * i))-$((6000 + 1000 * i)) \
        pinknoise remix 1v0.6,2v0.2 1v0.2,2v0.6 vol 0.6
    flac --silent --force -T "ARTIST=Bench" -T "ALBUM=FLAC" -T "TITLE=t$i" -T "TRACKNUMBER=$i" \
        -o "$MUSIC/FLAC/0$i.flac" "$work/t$i.wav"
    lame --quiet -b 192 --ta Bench --tl MP3 --tt "t$i" --tn "$i" "$work/t$i.wav" "$MUSIC/MP3/0$i.mp3"
done
