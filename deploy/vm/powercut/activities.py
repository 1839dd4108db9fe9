"""The guest's write-heavy activities, one per cut, and the first boot's set-up. Each
activity opens its write window (mark WINDOW: the host's delay starts), keeps writing
and saying so (BUSY) until the host kills the VM, and never returns on its own.

What crated acknowledged is recorded before the cut, durably, for the next boot:
  userdata-NN.log  {"op": like|dislike|unlike|play|pick, "album": id, "key": album key,
                   "ack": bool} lines: an intent before the request, an ack once crated
                   answered ok (a pick is a play of the album already playing: no new play)
  queue-NN.log     {"t", "state", "path", "pos"} observations of the player, and
                   {"maybe": path} for a track change asked for but not yet seen
"""
import json
import os
import random
import sqlite3
import time

from pclib import PC, STATE, append, log, mark, until

CACHE = STATE + "/plex-cache/fixture-machine"


def setup(c, media):
    """Boot 0: the start-up scan, Plex sign-in (the stand-in approves the PIN), the
    first sync."""
    local, plex = media["localAlbums"], media["plexAlbums"]
    until(600, f"the start-up scan ({local} albums)", lambda: (lambda s: s["albums"] == local
          and s.get("lastScan", {}).get("completed"))(c.ok("library-stats")["library"]))
    c.ok("plex-login")
    until(60, "the Plex sign-in", lambda: c.ok("plex-status")["plex"]["auth"] == "signed-in")
    c.ok("plex-use", server="Fixture Server")
    until(300, "the first Plex sync", lambda: (lambda p: p.get("lastSync") and not p["syncing"]
          and p["albums"] == plex)(c.ok("plex-status")["plex"]))
    log("set up: library scanned, Plex signed in and synced")


def album_ids(c, media):
    """The albums' ids now, and their stable keys. Ids are the library cache's, which
    may be renumbered after a cut (the cache commits without fsync, as it can be
    rebuilt); user.sqlite knows albums by key."""
    albums = c.ok("albums")["albums"]
    by_folder = {a["folder"]: a["id"] for a in albums}
    ids = {"scan": sorted(a["id"] for a in albums if a["title"].startswith("Scan ")),
           "play": [by_folder[f] for f in media["playAlbums"]],
           "plex": {a["title"]: a["id"] for a in albums if a["title"].startswith("Streamed ")}}
    db = sqlite3.connect(f"file:{STATE}/library.sqlite?mode=ro", uri=True)
    ids["keys"] = {i: k for i, k in db.execute("SELECT id, album_key FROM albums")}
    db.close()
    return ids


class Recorder:
    """The acknowledged writes and the player observations of one cut."""
    def __init__(self, c, cut, keys=None):
        self.keys = keys or {}
        self.c, self.userdata, self.queue = c, f"{PC}/userdata-{cut:02d}.log", f"{PC}/queue-{cut:02d}.log"

    def op(self, op, album, **extra):
        record = {"op": op, "album": album, "key": self.keys[album]}
        append(self.userdata, json.dumps(dict(record, ack=False)))
        self.c.ok("play" if op == "pick" else op, album=album, **extra)
        append(self.userdata, json.dumps(dict(record, ack=True)))

    def observe(self):
        state, path, pos = self.c.player()
        append(self.queue, json.dumps({"t": time.monotonic(), "state": state, "path": path, "pos": pos}))
        return state, path, pos

    def maybe(self, path):
        append(self.queue, json.dumps({"maybe": path}))


def scan(c, cut, media):
    """A full rescan: every file read again, the library cache written throughout."""
    rec = Recorder(c, cut)
    rec.observe()                       # the queue stays as it was: expected back as is
    events = c.events()
    next(events)                        # the subscription's own reply
    # A scan crated runs by itself (the start-up one, the folder watch) refuses a second.
    until(120, "crated to take a full scan", lambda: c.request("library-scan", full=True).get("ok"), interval=1)
    marked = None
    for event in events:
        kind = event.get("event")
        if kind == "scan-progress":
            p = event.get("scanProgress") or {}
            detail = f"files {p.get('filesDone')} done of {p.get('filesSeen')} seen"
            if marked is None:
                mark("WINDOW", cut, "scan", detail)
                marked = time.monotonic()
            elif time.monotonic() - marked > 0.5:
                mark("BUSY", cut, "scan", detail)
                marked = time.monotonic()
        elif kind == "scan-finished":
            mark("IDLE", cut, "scan", "the scan ended before the cut")
            break
    wait_for_the_cut()


def plex(c, cut, media):
    """Plays a Plex album none of whose tracks is on the box yet: its tracks download."""
    ids = album_ids(c, media)
    rec = Recorder(c, cut, ids["keys"])
    # Cache files are "<track ratingKey>-<stamp>.mp3[.part]"; a track's key is its album's * 100 + n.
    touched = {int(name.split("-")[0]) // 100 for name in (os.listdir(CACHE) if os.path.isdir(CACHE) else [])}
    fresh = [title for title in sorted(ids["plex"], key=lambda t: int(t.split()[-1]))
             if album_key_of(title) not in touched]
    if not fresh:
        raise RuntimeError("every Plex album is downloaded already: make-media.py needs more")
    album = ids["plex"][fresh[0]]
    rec.op("play", album)
    rec.observe()
    active = until(60, "a download under way", lambda: [t for t in c.ok("downloads")["downloads"]["active"]
                                                         if t["bytes"] > 0])
    mark("WINDOW", cut, "plex", f"{fresh[0]}: {active[0]['track']} at {active[0]['bytes']} bytes")
    while True:
        rec.observe()
        active = c.ok("downloads")["downloads"]["active"]
        if active:
            mark("BUSY", cut, "plex", " ".join(f"{t['track']}:{t['bytes']}/{t.get('totalBytes')}" for t in active))
        else:
            mark("IDLE", cut, "plex", "no download under way")
        time.sleep(0.3)


def album_key_of(title):
    """The stand-in's ratingKey of album "Streamed N" (make-media.py: 100 + N - 1)."""
    return 100 + int(title.split()[-1]) - 1


def play(c, cut, media):
    """Mid-album: an album plays while likes, dislikes, plays and track skips are written."""
    rng = random.Random(cut)
    ids = album_ids(c, media)
    rec = Recorder(c, cut, ids["keys"])
    albums, tracks = ids["play"], media["playTracks"]

    def play_one(which):
        track, folder = rng.randint(1, 3), media["playAlbums"][which]
        # A track of the album already under the play head is a pick, not a new play:
        # history does not count it (AlbumSession.play(album:fromTrack:)).
        current = rec.observe()[1] or ""
        rec.maybe(f"{folder}/{track:02d}.mp3")
        rec.op("pick" if current.startswith(folder + "/") else "play", albums[which], track=track)

    play_one((cut // 3) % len(albums))
    until(30, "the album playing", lambda: rec.observe()[0] == "playing")
    mark("WINDOW", cut, "play")
    while True:
        roll = rng.random()
        if roll < 0.55:
            rec.op(rng.choice(("like", "like", "dislike", "unlike")), rng.choice(ids["scan"]))
        elif roll < 0.75:
            status = c.status()["player"]
            index = status.get("currentIndex")
            if index is not None and index + 1 < len(status["tracks"]) and index + 1 < tracks:
                rec.maybe(status["tracks"][index + 1]["path"])
                c.ok("next")
        elif roll < 0.85:
            play_one(rng.randrange(len(albums)))
        state, path, pos = rec.observe()
        mark("BUSY", cut, "play", f"{state} {os.path.basename(path or '-')} {pos:.1f}")
        time.sleep(0.2)


def wait_for_the_cut():
    while True:
        time.sleep(60)


ACTIVITIES = {"scan": scan, "plex": plex, "play": play}
