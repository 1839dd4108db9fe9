"""The other formats of the mixed library (make_library.py --mix): FLAC and M4A.

As for MP3, every file is a copy of a ~1 s seed of its format with its own tags written by
mutagen: Vorbis comments in FLAC, ilst atoms in M4A. The seeds come from each format's
usual encoder (`flac`; `ffmpeg` with its native AAC encoder or ALAC), made from the same
WAVs as the MP3 seeds, so the library holds 44.1 and 48 kHz, stereo and mono in every
format.
"""
import os
import subprocess

try:
    from mutagen.flac import FLAC
    from mutagen.mp4 import MP4
except ImportError:  # make_library.py says how to get mutagen
    FLAC = MP4 = None

# The mixed library's formats; album i is FORMATS[i % 3], so each is a third.
FORMATS = ("flac", "mp3", "m4a")

# M4A seeds per WAV seed (make_library.make_seeds's order): AAC at a few bitrates, and
# ALAC for two of them, so about a third of the M4A files are lossless as in real libraries.
M4A_CODECS = [["-c:a", "aac", "-b:a", "192k"], ["-c:a", "alac"], ["-c:a", "aac", "-b:a", "96k"],
              ["-c:a", "aac", "-b:a", "256k"], ["-c:a", "aac", "-b:a", "128k"], ["-c:a", "alac"]]


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def flac_seeds(wavs, tmp):
    """`flac` at its default level; its default 8 KiB padding leaves room for the tags, so
    mutagen writes them in place, as a tagger does."""
    seeds = []
    for i, wav in enumerate(wavs):
        out = os.path.join(tmp, f"seed{i}.flac")
        subprocess.run(["flac", "--silent", "--force", "-o", out, wav], check=True)
        seeds.append(_read(out))
    return seeds


def m4a_seeds(wavs, tmp):
    seeds = []
    for i, (wav, codec) in enumerate(zip(wavs, M4A_CODECS)):
        out = os.path.join(tmp, f"seed{i}.m4a")
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", wav, *codec, out], check=True)
        seeds.append(_read(out))
    return seeds


def _split(value):
    """"3/10" -> (3, 10)."""
    n, of = value.split("/")
    return int(n), int(of)


def tag_flac(path, album, track):
    """Vorbis comments the way common taggers write them: the number and the total in
    separate fields (TRACKNUMBER 3, TRACKTOTAL 10)."""
    f = FLAC(path)
    number, total = _split(track["number"])
    tags = {"ARTIST": track["artist"], "ALBUM": album["album"], "TITLE": track["title"],
            "TRACKNUMBER": str(number), "TRACKTOTAL": str(total), "DATE": album["year"],
            "GENRE": album["genre"]}
    if album["album_artist"]:
        tags["ALBUMARTIST"] = album["album_artist"]
    if album["compilation"]:
        tags["COMPILATION"] = "1"
    if track["disc"]:
        disc, discs = _split(track["disc"])
        tags["DISCNUMBER"], tags["DISCTOTAL"] = str(disc), str(discs)
    for key, value in tags.items():
        f[key] = value
    f.save()


def tag_m4a(path, album, track):
    f = MP4(path)
    f["\xa9ART"] = track["artist"]
    f["\xa9alb"] = album["album"]
    f["\xa9nam"] = track["title"]
    f["trkn"] = [_split(track["number"])]
    f["\xa9day"] = album["year"]
    f["\xa9gen"] = album["genre"]
    if album["album_artist"]:
        f["aART"] = album["album_artist"]
    if album["compilation"]:
        f["cpil"] = True
    if track["disc"]:
        f["disk"] = [_split(track["disc"])]
    f.save()
