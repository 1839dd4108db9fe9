#!/usr/bin/env python3
"""Plex covers benchmark: a turn of the knob onto a Plex album whose cover is not on the
box yet -> that cover on the panel, on loopback. Run by bench/covers.sh (which builds
crated first).

  covers.py CRATED_DIR [ALBUMS] [SAMPLES]

Serves ALBUMS albums (default 120), each with its own cover colour, from
Tests/Fixtures/plex_fixture.py on 127.0.0.1 (its photo transcoder answers a PNG of the
size asked for), signs crated in through the PIN flow, syncs, and then SAMPLES times
(default 25): turns the knob 3 detents (onto an album no screen has asked for yet, as
the browse screen asks for its neighbours too), and polls `display-snapshot` until the
panel shows that album's colour over most of its cover. The time is from just before
the turn is sent to the reply of the first snapshot that shows it, so it includes the
frame the display draws, the fetch, the decode, the redraw and one snapshot (a PNG
encode and its trip over the socket). Also printed: the daemon's own request -> picture
kept time for the last fetch (`status`), and the same turn onto an album already cached.
"""
import base64, json, os, socket, statistics, struct, subprocess, sys, tempfile, time, urllib.request, zlib

import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (plex_fixture, plex_sign_in, plex_wait, post_json as post,  # noqa: E402
                      stop_plex_bench, unix_request as request, wait_for_socket)


def png_pixels(png):
    """8-bit RGB PNG (what display-snapshot sends) -> (width, height, bytes RGBRGB...).
    numpy for the filters libpng picks for flat areas (none, sub, up), Python otherwise."""
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", data[:10])
            assert depth == 8 and color == 2, "expected 8-bit RGB"
        elif kind == b"IDAT":
            idat += data
        pos += 12 + length
    stride = width * 3
    raw = numpy.frombuffer(zlib.decompress(idat), dtype=numpy.uint8).reshape(height, stride + 1)
    out = numpy.zeros((height, stride), dtype=numpy.uint8)
    prev = numpy.zeros(stride, dtype=numpy.uint8)
    for y in range(height):
        kind, line = raw[y, 0], raw[y, 1:]
        if kind == 0:
            row = line.copy()
        elif kind == 2:
            row = line + prev
        elif kind == 1:
            row = (numpy.cumsum(line.reshape(width, 3).astype(numpy.int64), axis=0) % 256).astype(numpy.uint8).reshape(stride)
        else:
            row, p = bytearray(line.tobytes()), prev.tobytes()
            for i in range(stride):
                a = row[i - 3] if i >= 3 else 0
                b, c = p[i], p[i - 3] if i >= 3 else 0
                if kind == 3:
                    row[i] = (row[i] + (a + b) // 2) & 0xFF
                else:
                    q = a + b - c
                    qa, qb, qc = abs(q - a), abs(q - b), abs(q - c)
                    row[i] = (row[i] + (a if qa <= qb and qa <= qc else b if qb <= qc else c)) & 0xFF
            row = numpy.frombuffer(bytes(row), dtype=numpy.uint8)
        out[y] = row
        prev = out[y]
    return width, height, out.reshape(height, width, 3)


def shows(sock, rgb, least):
    """True when at least `least` pixels of the panel are exactly `rgb`."""
    _, _, pixels = png_pixels(base64.b64decode(request(sock, cmd="display-snapshot")["snapshot"]))
    return int(numpy.all(pixels == numpy.array(rgb, dtype=numpy.uint8), axis=2).sum()) >= least


def color(n):
    # Away from the placeholder labels' palette and from grey.
    return [40 + (n * 37) % 180, 200 - (n * 53) % 150, 60 + (n * 97) % 170]


def main():
    crated_dir = sys.argv[1]
    albums = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    samples = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    work = tempfile.mkdtemp(prefix="crate-covers-bench-")
    fixture, url = plex_fixture(ROOT)
    album_items, tracks = [], []
    for a in range(albums):
        key = 100000 + a
        album_items.append({"ratingKey": str(key), "title": "Album %d" % a, "parentTitle": "Artist %d" % a,
                            "updatedAt": 1700000000, "Genre": [{"tag": "Jazz"}],
                            "thumb": "/library/metadata/%d/thumb/1700000000" % key, "_cover": color(a)})
        tracks.append({"ratingKey": str(key * 100), "parentRatingKey": str(key), "title": "Track", "index": 1,
                       "duration": 240000, "updatedAt": 1700000000, "_file": "/dev/null",
                       "Media": [{"container": "mp3", "Part": [{"key": "/library/parts/%d/1/file.mp3" % key,
                                                                 "size": 1000, "container": "mp3"}]}]})
    post(url + "/__fixture/library", {"sections": [{"key": "3", "title": "Music", "type": "artist"}],
                                      "albums": album_items, "tracks": tracks})
    sock = os.path.join(work, "crate.sock")
    with open(os.path.join(work, "crate.toml"), "w") as f:
        f.write('state_dir = "%s/state"\n[control]\nsocket = "%s"\n[audio]\ndevice = "null"\n[crate]\nsize = %d\n'
                '[controls]\nidle_timeout = 120\n[display]\nwidth = 320\nheight = 240\n'
                '[plex]\ntv_url = "%s"\nsync_interval = 0\n[log]\nlevel = "warning"\n'
                % (work, sock, min(albums, 500), url))
    crated = subprocess.Popen([os.path.join(crated_dir, "crated"), "--config", os.path.join(work, "crate.toml")])
    try:
        wait_for_socket(sock)
        plex_sign_in(sock, url)
        request(sock, cmd="plex-use", server="Fixture Server")
        plex_wait(sock, lambda p: p.get("lastSync") and not p.get("syncing"))
        request(sock, cmd="crate-regenerate")
        titles = {"Album %d" % a: color(a) for a in range(albums)}
        # Most of a 240-px-high panel's current cover (about 150 px square on 320x240).
        least = 8000

        shown = []

        def turn_and_time():
            start = time.time()
            request(sock, cmd="input", gesture="turn", control="knob", detents=3)
            crate = request(sock, cmd="crate")["crate"]
            rgb = titles[crate["items"][crate["cursor"]]["album"]["title"]]
            while True:
                asked = time.time()
                if shows(sock, rgb, least):
                    break
                if asked > start + 10:
                    raise SystemExit("the cover did not appear within 10 s")
            art = request(sock, cmd="status")["status"].get("artwork", {})
            shown.append(art.get("lastShownMilliseconds") or 0)
            # The snapshot asked for at `asked` was drawn with the cover: it was there by then.
            return (asked - start) * 1000

        cold = [turn_and_time() for _ in range(samples)]
        fetch = request(sock, cmd="status")["status"].get("artwork", {})
        cold_shown = list(shown)
        # Back over albums already seen: from the cache.
        request(sock, cmd="input", gesture="turn", control="knob", detents=-3 * samples)
        warm = [turn_and_time() for _ in range(min(samples, 10))]
        print("cover fetch -> on the panel, the daemon's own time from the screen asking to the frame drawn "
              "with it (%d covers): median %.0f ms, max %.0f ms (target < 300 ms)"
              % (len(cold_shown), statistics.median(cold_shown), max(cold_shown)))
        print("turn of the knob -> a snapshot showing the cover, not cached (%d turns): median %.0f ms, max %.0f ms"
              % (len(cold), statistics.median(cold), max(cold)))
        print("  request -> picture kept, last fetch: %.0f ms; %d fetched, %d failed"
              % (fetch.get("lastFetchMilliseconds") or 0, fetch.get("fetched", 0), fetch.get("fetchFailures", 0)))
        print("turn of the knob -> a snapshot showing the cover, cached (%d turns): median %.0f ms, max %.0f ms"
              % (len(warm), statistics.median(warm), max(warm)))
        print("covers cache: %d files, %.1f MB of %.0f MB" % (fetch.get("files", 0), fetch.get("bytes", 0) / 1048576,
                                                           (fetch.get("capBytes") or 0) / 1048576))
    finally:
        stop_plex_bench(crated, fixture, work)


if __name__ == "__main__":
    main()
