#!/usr/bin/env python3
"""Plex benchmark: sync of a large server library, and time to first sound of a Plex
album that is not on the box yet. Run by bench/plex.sh (which builds crated first).

  plex.py CRATED_DIR [ALBUMS] [TRACKS_PER_ALBUM]

Serves ALBUMS x TRACKS (default 2000 x 10) from Tests/Fixtures/plex_fixture.py on
127.0.0.1, every track the same real MP3 (4 minutes at 192 kbit/s, about 5.8 MB, like a
real track), signs crated in through the PIN flow, and measures:
  - the first full sync (the report's own time and the wall time from `plex use`);
  - a no-change resync;
  - press -> playing for an album not cached (its tracks are fetched whole first).
"""
import json, os, socket, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (plex_fixture, plex_sign_in, plex_wait, post_json as post,  # noqa: E402
                      stop_plex_bench, unix_request as request, wait_for_socket)


def main():
    crated_dir = sys.argv[1]
    albums = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    per_album = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    work = tempfile.mkdtemp(prefix="crate-plex-bench-")
    mp3 = os.path.join(work, "track.mp3")
    raw = os.path.join(work, "tone.raw")
    subprocess.run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", "-e", "signed", raw, "synth", "240", "sine", "440"], check=True)
    subprocess.run(["lame", "--quiet", "-r", "-s", "44.1", "--bitwidth", "16", "--signed", "--little-endian", "-b", "192", raw, mp3], check=True)
    size = os.path.getsize(mp3)

    fixture, url = plex_fixture(ROOT)
    album_items, tracks = [], []
    for a in range(albums):
        key = 100000 + a
        album_items.append({"ratingKey": str(key), "title": "Album %d" % a, "parentTitle": "Artist %d" % (a // 5),
                            "year": 1960 + a % 60, "updatedAt": 1700000000, "Genre": [{"tag": ["Jazz", "Rock", "Techno", "Soul"][a % 4]}]})
        for t in range(per_album):
            tkey = key * 100 + t
            tracks.append({"ratingKey": str(tkey), "parentRatingKey": str(key), "title": "Track %d" % (t + 1),
                           "grandparentTitle": "Artist %d" % (a // 5), "index": t + 1, "duration": 240000,
                           "updatedAt": 1700000000, "_file": mp3,
                           "Media": [{"container": "mp3", "Part": [{"key": "/library/parts/%d/1/file.mp3" % tkey,
                                                                     "size": size, "container": "mp3"}]}]})
    post(url + "/__fixture/library", {"sections": [{"key": "3", "title": "Music", "type": "artist"}],
                                      "albums": album_items, "tracks": tracks})

    sock = os.path.join(work, "crate.sock")
    with open(os.path.join(work, "crate.toml"), "w") as f:
        f.write('state_dir = "%s/state"\n[control]\nsocket = "%s"\n[audio]\ndevice = "null"\n'
                '[plex]\ntv_url = "%s"\nsync_interval = 0\npage_size = 500\ncache_mb = 100000\n[log]\nlevel = "warning"\n' % (work, sock, url))
    crated = subprocess.Popen([os.path.join(crated_dir, "crated"), "--config", os.path.join(work, "crate.toml")])
    try:
        wait_for_socket(sock)
        plex_sign_in(sock, url)
        start = time.time()
        request(sock, cmd="plex-use", server="Fixture Server")
        first = plex_wait(sock, lambda p: p.get("lastSync") and not p.get("syncing"))
        wall = time.time() - start
        sync = first["lastSync"]
        print("first sync of %d albums / %d tracks: %.2f s (wall from `plex use`: %.2f s; target < 10 s)"
              % (sync["albums"], sync["tracks"], sync["seconds"], wall))
        request(sock, cmd="plex-sync")
        time.sleep(0.2)
        again = plex_wait(sock, lambda p: p.get("lastSync") and not p.get("syncing") and p["lastSync"] != sync)
        print("no-change resync: %.2f s (%d changed)" % (again["lastSync"]["seconds"], again["lastSync"]["changed"]))

        album_id = request(sock, cmd="albums")["albums"][len(album_items) // 2]["id"]
        start = time.time()
        request(sock, cmd="play", album=album_id)
        while request(sock, cmd="status")["status"]["player"]["state"]["state"] != "playing":
            time.sleep(0.002)
        print("press -> playing, album of %d tracks (%.1f MB) not cached: %.0f ms (target for a streamed track: < 300 ms)"
              % (per_album, per_album * size / 1e6, (time.time() - start) * 1000))
    finally:
        stop_plex_bench(crated, fixture, work)


if __name__ == "__main__":
    main()
