#!/usr/bin/python3
"""Generate the library that bench/library.sh scans: ALBUMS albums x 10 MP3s.

    make_library.py OUT_DIR [--albums 2000] [--mix] [--tracks 10]

A handful of 1 s seed MP3s are encoded with lame, then every file is a copy of one seed
with its own ID3v2 tag written by mutagen (Debian: python3-mutagen). Layout
OUT_DIR/music/Artist/Album/NN Title.mp3 (multi-disc albums: .../Album/CD1/NN Title.mp3).
Everything is drawn from a fixed random seed, so two runs make the same library.

--tracks sets the tracks per album (default 10): the web bench (bench/web.sh) needs many
albums, not many files, and crated's first scan costs per file.

--mix makes the same albums, a third each FLAC, MP3 and M4A (AAC or ALAC), see
library_formats.py: .flac and .m4a files tagged by mutagen like the MP3s.

The library is built in OUT_DIR/music.tmp and renamed to OUT_DIR/music when complete;
then OUT_DIR/library-summary.json (the parameters and what was made) marks it finished, so
an interrupted run is started again from scratch and a finished one is reused.
"""
import argparse
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import wave
import math

try:
    from mutagen.id3 import ID3, TALB, TCMP, TCON, TDRC, TIT2, TPE1, TPE2, TPOS, TRCK
except ImportError:
    sys.exit("make_library.py: needs mutagen (apt-get install python3-mutagen) under /usr/bin/python3")
from library_formats import FORMATS, flac_seeds, m4a_seeds, tag_flac, tag_m4a  # noqa: E402

VERSION = 1  # bump when the layout or the tags change: the cached library is rebuilt
TRACKS = 10

# ~40 real genre names as people tag them; 8 of them map to Crate's "Jazz" super-genre.
GENRES = [
    "Rock", "Alternative Rock", "Indie Rock", "Hard Rock", "Punk", "Progressive Rock",
    "Heavy Metal", "Death Metal", "Pop", "Synthpop", "Hip-Hop", "Trip Hop", "R&B", "Soul",
    "Funk", "Jazz", "Bebop", "Cool Jazz", "Hard Bop", "Fusion", "Swing", "Vocal Jazz",
    "Free Jazz", "Blues", "Delta Blues", "Electronic", "Techno", "House", "Drum & Bass",
    "Dubstep", "Country", "Bluegrass", "Reggae", "Dub", "Salsa", "Bossa Nova", "Folk",
    "Classical", "Baroque", "Ambient", "Afrobeat",
]

FIRST = ["Miles", "Nina", "John", "Ella", "Thelonious", "Björk", "Sigur", "Léa", "Max", "Anna",
         "Chet", "Sarah", "Dexter", "Joni", "Kurt", "Ornette", "Astrud", "Fela", "Étienne", "Ryuichi",
         "Billie", "Charles", "Wes", "Hank", "Dolly", "Bob", "Aretha", "Marvin", "Karen", "Yann"]
LAST = ["Davis", "Simone", "Coltrane", "Fitzgerald", "Monk", "Rós", "Seydoux", "Roach", "Calvi",
        "Baker", "Vaughan", "Gordon", "Mitchell", "Weill", "Coleman", "Gilberto", "Kuti", "Daho",
        "Sakamoto", "Holiday", "Mingus", "Montgomery", "Mobley", "Parton", "Marley", "Franklin",
        "Gaye", "Carpenter", "Tiersen", "Evans"]
BAND_A = ["Silver", "Velvet", "Electric", "Midnight", "Paper", "Crystal", "Neon", "Broken", "Golden",
          "Quiet", "Wild", "Blue", "Hollow", "Frozen", "Burning", "Ancient", "Lunar", "Iron"]
BAND_B = ["Owls", "Rivers", "Machines", "Lanterns", "Foxes", "Satellites", "Orchestra", "Quartet",
          "Collective", "Brothers", "Sisters", "Ghosts", "Pilots", "Gardens", "Engines", "Tigers"]
WORDS = ["Night", "Summer", "Kind", "Blue", "Love", "Supreme", "River", "Train", "Moon", "Dream",
         "Fire", "Rain", "City", "Song", "Heart", "Light", "Shadow", "Road", "Garden", "Ocean",
         "Winter", "Morning", "Echo", "Storm", "Dance", "Mirror", "Silence", "Gold", "Home", "Sky",
         "Café", "Nuit", "Sueño", "Été", "Ghost", "Window", "Island", "Desert", "Letter", "Spiral"]
SMALL = ["of", "in", "the", "for", "and", "on", "under", "after"]


def tone_wav(path, seconds, rate, channels, freq):
    n = int(seconds * rate)
    frames = bytearray()
    for i in range(n):
        v = int(12000 * math.sin(2 * math.pi * freq * i / rate))
        frames += struct.pack("<h", v) * channels
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))


def make_seeds(tmp, mix=False):
    """A few ~1 s MP3s: CBR and VBR, 44.1 and 48 kHz, stereo and mono (LAME Info tag).
    Returns {format: [seed bytes]}: with mix, FLAC and M4A seeds from the same WAVs too."""
    specs = [  # (rate, channels, freq, lame args)
        (44100, 2, 440, ["-b", "192"]),
        (44100, 2, 523, ["-V", "2"]),
        (44100, 1, 330, ["-b", "128"]),
        (48000, 2, 660, ["-b", "256"]),
        (44100, 2, 880, ["-b", "320"]),
        (48000, 2, 247, ["-V", "4"]),
    ]
    seeds, wavs = [], []
    for i, (rate, ch, freq, opts) in enumerate(specs):
        wav = os.path.join(tmp, f"seed{i}.wav")
        mp3 = os.path.join(tmp, f"seed{i}.mp3")
        tone_wav(wav, 1.0, rate, ch, freq)
        wavs.append(wav)
        subprocess.run(["lame", "--quiet", "--noreplaygain", *opts, wav, mp3], check=True)
        with open(mp3, "rb") as f:
            seeds.append(f.read())
    if not mix:
        return {"mp3": seeds}
    return {"mp3": seeds, "flac": flac_seeds(wavs, tmp), "m4a": m4a_seeds(wavs, tmp)}


def title(rng, lo=1, hi=4):
    n = rng.randint(lo, hi)
    parts = []
    for k in range(n):
        if 0 < k < n - 1 and rng.random() < 0.3:
            parts.append(rng.choice(SMALL))
        else:
            parts.append(rng.choice(WORDS))
    return " ".join(parts)


def artist_name(rng):
    r = rng.random()
    if r < 0.45:
        return f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    if r < 0.75:
        return f"The {rng.choice(BAND_A)} {rng.choice(BAND_B)}"
    if r < 0.9:
        return f"{rng.choice(BAND_A)} {rng.choice(BAND_B)}"
    return f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(['Trio', 'Quartet', 'Band', 'Ensemble'])}"


def safe(name):
    return name.replace("/", "-").replace("\0", "")


def plan(albums, rng, tracks=TRACKS):
    """The albums: (folder, tags, tracks) with everything decided, deterministic."""
    artists = []
    seen = set()
    while len(artists) < max(1, albums // 5):  # ~5 albums per artist
        a = artist_name(rng)
        if a not in seen:
            seen.add(a)
            artists.append(a)
    out, used = [], set()
    for i in range(albums):
        kind = rng.random()
        # 5 % compilations (half with album artist "Various Artists" + TCMP, half with only
        # different track artists), 15 % with an album artist, 8 % two CDs in CD1/CD2.
        compilation = kind < 0.05
        with_album_artist = 0.05 <= kind < 0.20
        multi_disc = rng.random() < 0.08
        artist = "Various Artists" if compilation else rng.choice(artists)
        name = title(rng, 1, 3)
        while (artist, name) in used:
            name = f"{name} {rng.choice(['II', 'III', 'Live', 'Redux', 'Vol. 2', 'Deluxe'])}"
        used.add((artist, name))
        album = {
            "dir": os.path.join(safe(artist), safe(name)),
            "album": name,
            "year": str(rng.randint(1955, 2024)),
            "genre": rng.choice(GENRES),
            "album_artist": None,
            "compilation": False,
            "v23": rng.random() < 0.3,  # the rest ID3v2.4
            "tracks": [],
        }
        if compilation:
            if rng.random() < 0.5:
                album["album_artist"] = "Various Artists"
                album["compilation"] = True
        elif with_album_artist:
            album["album_artist"] = artist
        for t in range(1, tracks + 1):
            if compilation:
                track_artist = rng.choice(artists)
            elif with_album_artist and rng.random() < 0.4:
                track_artist = f"{artist} feat. {rng.choice(artists)}"
            else:
                track_artist = artist
            if multi_disc:
                disc, number, of = (1, t, tracks // 2) if t <= tracks // 2 else (2, t - tracks // 2, tracks // 2)
                sub = f"CD{disc}"
            else:
                disc, number, of, sub = None, t, tracks, ""
            ttl = title(rng, 1, 4)
            album["tracks"].append({
                "file": os.path.join(sub, f"{number:02d} {safe(ttl)}.mp3"),
                "title": ttl, "artist": track_artist, "number": f"{number}/{of}",
                "disc": None if disc is None else f"{disc}/2",
                "seed": rng.randrange(1 << 30),
            })
        out.append(album)
    return out


def write_library(root, albums, seeds):
    count = 0
    t0 = time.monotonic()
    for n, album in enumerate(albums):
        base = os.path.join(root, album["dir"])
        kind = album.get("format", "mp3")
        for track in album["tracks"]:
            path = os.path.join(base, track["file"])
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(seeds[kind][track["seed"] % len(seeds[kind])])
            count += 1
            if kind == "flac":
                tag_flac(path, album, track)
                continue
            if kind == "m4a":
                tag_m4a(path, album, track)
                continue
            tag = ID3()
            tag.add(TPE1(encoding=3, text=track["artist"]))
            tag.add(TALB(encoding=3, text=album["album"]))
            tag.add(TIT2(encoding=3, text=track["title"]))
            tag.add(TRCK(encoding=3, text=track["number"]))
            tag.add(TDRC(encoding=3, text=album["year"]))
            tag.add(TCON(encoding=3, text=album["genre"]))
            if album["album_artist"]:
                tag.add(TPE2(encoding=3, text=album["album_artist"]))
            if album["compilation"]:
                tag.add(TCMP(encoding=3, text="1"))
            if track["disc"]:
                tag.add(TPOS(encoding=3, text=track["disc"]))
            if album["v23"]:
                tag.save(path, v2_version=3, padding=lambda info: 256)
            else:
                tag.save(path, v2_version=4, padding=lambda info: 256)
        if (n + 1) % 200 == 0:
            print(f"  {n + 1} albums, {count} files, {time.monotonic() - t0:.0f} s", flush=True)
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", help="bench/out/library")
    ap.add_argument("--albums", type=int, default=2000)
    ap.add_argument("--mix", action="store_true", help="a third each FLAC, MP3, M4A")
    ap.add_argument("--tracks", type=int, default=TRACKS, help="tracks per album (2 or more)")
    args = ap.parse_args()
    if args.tracks < 2:
        ap.error("--tracks: 2 or more (a multi-disc album has a disc per half)")
    params = {"version": VERSION, "albums": args.albums, "tracks": args.tracks}
    if args.mix:  # only then: the MP3 library's marker stays as it was
        params["mix"] = list(FORMATS)
    final = os.path.join(args.out, "music")
    marker = os.path.join(args.out, "library-summary.json")
    try:
        with open(marker) as f:
            if json.load(f)["params"] == params and os.path.isdir(final):
                print(f"library: reusing {final} ({args.albums * args.tracks} files)")
                return
    except (OSError, ValueError, KeyError):
        pass
    tmp = final + ".tmp"
    if os.path.exists(marker):
        os.unlink(marker)
    for d in (final, tmp):
        if os.path.exists(d):
            shutil.rmtree(d)
    os.makedirs(tmp)
    what = "FLAC/MP3/M4A" if args.mix else "MP3"
    print(f"library: generating {args.albums} albums x {args.tracks} {what} tracks in {final} (once)", flush=True)
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        seeds = make_seeds(work, args.mix)
    rng = random.Random(20261122)
    albums = plan(args.albums, rng, args.tracks)
    if args.mix:
        # After plan(), which draws the same numbers either way: the same albums and tags
        # as the MP3 library, only the files' formats differ.
        for i, album in enumerate(albums):
            album["format"] = FORMATS[i % len(FORMATS)]
            for track in album["tracks"]:
                track["file"] = track["file"][:-len(".mp3")] + "." + album["format"]
    count = write_library(tmp, albums, seeds)
    os.rename(tmp, final)
    # What the albums are, for checking the scanners' answers (genre counts and so on).
    summary = {"params": params, "files": count,
               "genres": {g: sum(1 for a in albums if a["genre"] == g) for g in GENRES},
               "compilations": sum(1 for a in albums if a["album"] and a["dir"].startswith("Various Artists")),
               "with_album_artist": sum(1 for a in albums if a["album_artist"]),
               "multi_disc": sum(1 for a in albums if a["tracks"][0]["disc"]),
               "formats": {k: sum(len(a["tracks"]) for a in albums if a.get("format", "mp3") == k)
                           for k in (FORMATS if args.mix else ("mp3",))}}
    with open(marker, "w") as f:
        json.dump(summary, f, indent=2)
    print(f"library: {count} files in {time.monotonic() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
