#!/usr/bin/env python3
"""Makes the VM's music: three two-track albums (sox tones encoded gapless with lame),
each with a cover.png of one solid colour, so the panel's cover tells which album it
shows. Writes DIR/manifest.json: folder -> tracks in order, cover colour.

usage: make-music.py DIR [SECONDS]  (DIR becomes /srv/music in the guest; SECONDS per
track, default 4)
"""
import json
import os
import struct
import subprocess
import sys
import zlib

# Cover colours keep red == blue, so they read the same whether the panel is RGB565
# or BGR565 (vfb's 16 bpp mode is the latter), and are exact in 5-6-5 bits.
ALBUMS = [  # artist, album, cover RGB, tone pitches (Hz) per track
    ("Amber Lines", "First Light", (255, 0, 255), (330, 392)),
    ("Blue Hour", "Second Wind", (0, 255, 0), (440, 523)),
    ("Copper Sky", "Third Rail", (255, 128, 255), (587, 659)),
]
# Long enough that the pause (about 1.5 s into a track on x86, 3.5 s under arm64
# emulation, where the polls before it are slower) is not in its last second, where a
# restored position is clamped to the start of that second.
SECONDS = 4


def png(path, rgb, size=300):
    """A solid-colour RGB PNG: signature, IHDR, one IDAT, IEND."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" + bytes(rgb) * size
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(row * size, 9)) + chunk(b"IEND", b""))


def main(root, seconds=SECONDS):
    manifest = {}
    for artist, album, colour, pitches in ALBUMS:
        folder = os.path.join(root, artist, album)
        os.makedirs(folder, exist_ok=True)
        tracks = []
        for number, pitch in enumerate(pitches, 1):
            wav = os.path.join(folder, f"{number:02d}.wav")
            mp3 = os.path.join(folder, f"{number:02d} Tone {pitch}.mp3")
            # A tone that fades in and out: no click at the start, a gapless join.
            subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", str(seconds),
                            "sine", str(pitch), "fade", "0.05", str(seconds), "0.05", "vol", "0.5"], check=True)
            subprocess.run(["lame", "--quiet", "-b", "160", "--tt", f"Tone {pitch}", "--ta", artist, "--tl", album,
                            "--tn", f"{number}/{len(pitches)}", "--tg", "Electronic", wav, mp3], check=True)
            os.remove(wav)
            tracks.append(os.path.basename(mp3))
        png(os.path.join(folder, "cover.png"), colour)
        manifest["/srv/music/" + artist + "/" + album] = {"tracks": tracks, "cover": colour}
    with open(os.path.join(root, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], *(int(arg) for arg in sys.argv[2:3]))
