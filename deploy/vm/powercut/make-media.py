#!/usr/bin/env python3
"""Makes the power-cut test's music, deterministically, into an overlay tree:

  srv/music/Scan NNN/...      many albums of tiny tracks: a full rescan reads hundreds
                              of files and writes the library cache throughout
  srv/music/Play N/...        a few albums of long tracks, played mid-album
  srv/plex/NNNN.mp3           the Plex stand-in's tracks, large enough that a download
                              lasts seconds; each one's bytes are unique (its own tag)
  var/lib/crate-vm/powercut/plex-library.json   the stand-in's library (plex_fixture.py shape)
  var/lib/crate-vm/powercut/media.json          counts, and each Plex track's size and sha256

Every track is one tone encoded once with lame (-t: no Xing/LAME frame, so frames can be
repeated into a longer file that still decodes), behind an ID3v2.3 tag of its own.

usage: make-media.py OVERLAY_DIR
"""
import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile

SCAN_ALBUMS, SCAN_TRACKS = 300, 20       # 6,000 files: a full rescan writes 12 batches over ~10 s
PLAY_ALBUMS, PLAY_TRACKS = 4, 6          # 60 s tracks: no track ends during a cycle
PLEX_ALBUMS, PLEX_TRACKS = 12, 3         # one fresh album to download per Plex cut, and spare
PLEX_TRACK_BYTES = 2 * 1024 * 1024       # at least; ~5 s per track at the stand-in's 512 KB/s
BITRATE = 64                             # kbit/s, CBR


def tone(seconds, pitch):
    with tempfile.TemporaryDirectory() as tmp:
        wav, mp3 = os.path.join(tmp, "t.wav"), os.path.join(tmp, "t.mp3")
        subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", str(seconds),
                        "sine", str(pitch), "vol", "0.3"], check=True)
        subprocess.run(["lame", "--quiet", "-t", "-b", str(BITRATE), "--cbr", wav, mp3], check=True)
        return open(mp3, "rb").read()


def id3(artist, album, title, number, total, genre):
    """An ID3v2.3 tag: TPE1, TALB, TIT2, TRCK, TCON as ISO-8859-1 text frames."""
    frames = b""
    for frame, text in (("TPE1", artist), ("TALB", album), ("TIT2", title),
                        ("TRCK", f"{number}/{total}"), ("TCON", genre)):
        data = b"\x00" + text.encode("latin-1")
        frames += frame.encode() + struct.pack(">I", len(data)) + b"\x00\x00" + data
    size = len(frames)
    synchsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
    return b"ID3\x03\x00\x00" + synchsafe + frames


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(data)
    os.utime(path, (1_700_000_000, 1_700_000_000))   # the same image from run to run


def main(root):
    short, long = tone(0.5, 440), tone(60, 330)
    for a in range(1, SCAN_ALBUMS + 1):
        for t in range(1, SCAN_TRACKS + 1):
            write(f"{root}/srv/music/Scan {a:03d}/{t:02d}.mp3",
                  id3(f"Scanner {a % 17}", f"Scan {a:03d}", f"Piece {t}", t, SCAN_TRACKS, "Rock") + short)
    for a in range(1, PLAY_ALBUMS + 1):
        for t in range(1, PLAY_TRACKS + 1):
            write(f"{root}/srv/music/Play {a}/{t:02d}.mp3",
                  id3("Player", f"Play {a}", f"Long {t}", t, PLAY_TRACKS, "Jazz") + long)

    # Plex: a frame stream repeated to the size wanted, so a download takes seconds.
    repeats = -(-PLEX_TRACK_BYTES // len(long))   # whole copies: no frame cut in two
    body, seconds = long * repeats, 60 * repeats
    albums, tracks, sums = [], [], {}
    for a in range(PLEX_ALBUMS):
        key = 100 + a
        albums.append({"ratingKey": str(key), "title": f"Streamed {a + 1}", "parentTitle": "Server Band",
                       "type": "album", "addedAt": 1_700_000_000 - a, "updatedAt": 1_700_000_000,
                       "leafCount": str(PLEX_TRACKS), "Genre": [{"tag": "Electronic"}]})
        for t in range(1, PLEX_TRACKS + 1):
            tkey = key * 100 + t
            data = id3("Server Band", f"Streamed {a + 1}", f"Part {t}", t, PLEX_TRACKS, "Electronic") + body
            write(f"{root}/srv/plex/{tkey}.mp3", data)
            sums[str(tkey)] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            tracks.append({"ratingKey": str(tkey), "parentRatingKey": key, "title": f"Part {t}",
                           "parentTitle": f"Streamed {a + 1}", "grandparentTitle": "Server Band", "index": t,
                           "parentIndex": 1, "duration": seconds * 1000, "updatedAt": 1_700_000_000,
                           "type": "track", "_file": f"/srv/plex/{tkey}.mp3",
                           "Media": [{"container": "mp3", "audioCodec": "mp3",
                                      "Part": [{"key": f"/library/parts/{tkey}/1700000000/file.mp3",
                                                "size": len(data), "container": "mp3"}]}]})
    library = {"sections": [{"key": "3", "title": "Music", "type": "artist"}],
               "albums": albums, "tracks": tracks}
    state = f"{root}/var/lib/crate-vm/powercut"
    write(f"{state}/plex-library.json", json.dumps(library, indent=1).encode())
    media = {"localAlbums": SCAN_ALBUMS + PLAY_ALBUMS, "plexAlbums": PLEX_ALBUMS,
             "scanFiles": SCAN_ALBUMS * SCAN_TRACKS, "playAlbums": [f"/srv/music/Play {a}" for a in range(1, PLAY_ALBUMS + 1)],
             "playTracks": PLAY_TRACKS, "plexTracks": sums}
    write(f"{state}/media.json", json.dumps(media, indent=1).encode())


if __name__ == "__main__":
    main(sys.argv[1])
