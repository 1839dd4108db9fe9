"""The checks' own test (power-cut-test.sh --tamper): before checking a cut, do what a
broken crated would have done, so each check must fail. A test that cannot fail
proves nothing; run this after changing checks.py and expect FAIL lines for:

- library.sqlite's integrity (a page in the middle of the copy zeroed, its WAL dropped);
- the acknowledged likes, dislikes and plays (all undone in the copy of user.sqlite);
- the downloads (one byte changed in a complete file of the real cache, and a .part,
  when the cut left one, renamed into place as if it had finished);
- the restored queue (a track nobody played put first in the saved queue's place:
  the observations say what played, so the test's record is what is changed).
"""
import glob
import json
import os
import sqlite3

from activities import CACHE
from pclib import PC, SNAP, log, lines, replace


def damage(cut, kind):
    cache = SNAP + "/library.sqlite"
    if os.path.exists(cache):
        for wal in glob.glob(cache + "-wal"):
            os.remove(wal)
        size = os.path.getsize(cache)
        with open(cache, "r+b") as f:   # a whole page past the header, zeroed
            f.seek((size // 4096 // 2) * 4096)
            f.write(bytes(4096))
        log("tamper: zeroed a page of the library.sqlite copy")
    user = sqlite3.connect(SNAP + "/user.sqlite")
    user.execute("UPDATE album_state SET liked = 0, disliked = 0, play_count = 0")
    user.commit()
    user.close()
    log("tamper: undid every like, dislike and play in the user.sqlite copy")
    names = sorted(os.listdir(CACHE)) if os.path.isdir(CACHE) else []
    complete = [n for n in names if n.endswith(".mp3")]
    if complete:
        with open(os.path.join(CACHE, complete[0]), "r+b") as f:
            f.seek(1000)
            byte = f.read(1)
            f.seek(1000)
            f.write(bytes([byte[0] ^ 0xFF]))
        log(f"tamper: changed a byte of {complete[0]}")
    for name in names:
        if name.endswith(".part"):
            os.rename(os.path.join(CACHE, name), os.path.join(CACHE, name[:-len(".part")]))
            log(f"tamper: {name} renamed into place as if finished")
            break
    queue = f"{PC}/queue-{cut:02d}.log"
    records = lines(queue)
    if records:
        records.append(json.dumps({"t": 1e9, "state": "paused", "path": "/srv/music/nowhere.mp3", "pos": 0}))
        records.append(json.dumps({"t": 2e9, "state": "paused", "path": "/srv/music/nowhere.mp3", "pos": 0}))
        replace(queue, "\n".join(records) + "\n")
        log("tamper: the record says a track nobody played was last held for seconds")
