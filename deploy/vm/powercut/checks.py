"""After a cut: what the next boot checks, in the guest. The databases are checked as
the cut left them (copied by crate-powercut-snapshot.service before crated started,
so no recovery of crated's can hide damage); everything else through crated, as a
listener would find it.
"""
import glob
import hashlib
import json
import os
import sqlite3
import subprocess
import time

from activities import CACHE
from pclib import PC, SNAP, Crated, lines, read_json, replace, until

OPINION = {"like": "liked", "dislike": "disliked", "unlike": "none"}


def databases(report):
    files = sorted(glob.glob(SNAP + "/*.sqlite"))
    report.check(len(files) >= 2, f"the cut left {len(files)} databases ({', '.join(map(os.path.basename, files))})")
    for path in files:
        try:
            db = sqlite3.connect(path)   # a copy: replaying its -wal here changes nothing of the box's
            result = [row[0] for row in db.execute("PRAGMA integrity_check")]
            db.close()
        except sqlite3.Error as error:
            result = [f"cannot open: {error}"]
        report.check(result == ["ok"], f"{os.path.basename(path)} passes integrity_check ({'; '.join(result)[:200]})")


def user_data(report, cut):
    """Every like, dislike and play crated acknowledged before the cut is in user.sqlite
    as the cut left it; a request in flight at the cut may have landed or not."""
    baseline = read_json(PC + "/baseline.json", {"opinion": {}, "plays": {}})
    opinion, plays = dict(baseline["opinion"]), dict(baseline["plays"])
    pending = {}
    acked = 0
    for line in lines(f"{PC}/userdata-{cut:02d}.log"):
        record = json.loads(line)
        key = record["key"]
        if not record["ack"]:
            pending[key] = record["op"]
            continue
        acked += 1
        pending.pop(key, None)
        if record["op"] == "play":
            plays[key] = plays.get(key, 0) + 1
        elif record["op"] in OPINION:
            opinion[key] = OPINION[record["op"]]
    db = sqlite3.connect(SNAP + "/user.sqlite")
    found = {key: ("liked" if liked else "disliked" if disliked else "none", count)
             for key, liked, disliked, count in db.execute(
                 "SELECT album_key, liked, disliked, play_count FROM album_state")}
    db.close()
    lost = []
    for key in set(opinion) | set(plays) | set(pending):
        now, count = found.get(key, ("none", 0))
        allowed = {opinion.get(key, "none")}
        if pending.get(key) in OPINION:
            allowed.add(OPINION[pending[key]])
        if now not in allowed:
            lost.append(f"{key}: {now}, expected {' or '.join(sorted(allowed))}")
        if count < plays.get(key, 0):
            lost.append(f"{key}: {count} plays, expected at least {plays[key]}")
        opinion[key], plays[key] = now, count   # the next cut starts from what survived
    report.check(not lost, f"the {acked} likes, dislikes and plays acknowledged before the cut are all in user.sqlite"
                 + (f"; lost: {'; '.join(lost[:5])}" if lost else f" ({len(opinion)} albums tracked)"))
    replace(PC + "/baseline.json", json.dumps({"opinion": opinion, "plays": plays}))


def acceptable(observations):
    """What the saved queue may hold, as {track path: latest position seen}: a change is
    saved by a writer thread a moment after it happens, so the last track held for 3 s
    or more and every one seen after it, and one asked for but not yet seen at the cut."""
    runs = []   # consecutive observations of one track: [path, first t, last t, latest position]
    for o in (o for o in observations if "t" in o):
        if runs and runs[-1][0] == o["path"]:
            runs[-1][2:] = [o["t"], max(runs[-1][3], o["pos"])]
        else:
            runs.append([o["path"], o["t"], o["t"], o["pos"]])
    allowed = {}
    for i in range(len(runs) - 1, -1, -1):
        path, first, last, pos = runs[i]
        allowed[path] = max(allowed.get(path, 0), pos)
        held_until = runs[i + 1][1] if i + 1 < len(runs) else last
        if held_until - first >= 3:
            break
    for o in reversed(observations):   # in flight at the cut: after the last observation
        if "maybe" not in o:
            break
        allowed.setdefault(o["maybe"], 0)
    return allowed


def queue(report, cut, c):
    """The album and track are back, paused, within the saving's granularity."""
    observations = [json.loads(line) for line in lines(f"{PC}/queue-{cut:02d}.log")]
    if not observations:
        return report.check(False, "the activity recorded no player state before the cut")
    allowed = acceptable(observations)
    want_state = "paused" if any(allowed) else None
    last = None

    def restored():
        nonlocal last
        last = c.player()
        state, path, pos = last
        if path is None:
            return None in allowed
        # + 3 s: the track played on between the last observation and the cut (one turn
        # of the activity's loop, longer if the emulated CPUs stalled).
        return state == want_state and path in allowed and pos <= allowed[path] + 3.0

    try:
        until(60, "the restored queue", restored, interval=0.5)
        report.check(True, f"the queue is restored: {last[0]} at {os.path.basename(last[1] or 'nothing')} {last[2]:.1f} s")
    except TimeoutError:
        report.check(False, f"the queue is not restored: {last}, expected paused at one of "
                     + ", ".join(f"{p} (<= {s:.1f} s)" for p, s in allowed.items()))


def downloads(report, c, media):
    """Complete files are the server's bytes exactly; crated counts only those."""
    names = os.listdir(CACHE) if os.path.isdir(CACHE) else []
    partial = [n for n in names if n.endswith(".part")]
    complete = [n for n in names if n.endswith(".mp3")]
    wrong = []
    for name in complete:
        want = media["plexTracks"].get(name.split("-")[0])
        with open(os.path.join(CACHE, name), "rb") as f:
            data = f.read()
        if want is None or hashlib.sha256(data).hexdigest() != want["sha256"]:
            wrong.append(f"{name} ({len(data)} bytes, server's {want and want['size']})")
    odd = sorted(set(names) - set(partial) - set(complete))
    report.check(not wrong and not odd, f"{len(complete)} downloaded tracks equal the server's files, byte for byte;"
                 f" {len(partial)} partial ones left as .part" + (f"; WRONG: {', '.join(wrong)}" if wrong else "")
                 + (f"; unexpected files: {', '.join(odd)}" if odd else ""))
    # What crated has open: a .part may be open to be written (the download resumed),
    # never to be read (played).
    pid = subprocess.run(["systemctl", "show", "-p", "MainPID", "--value", "crated"],
                         capture_output=True, text=True).stdout.strip()
    reading = []
    for fd in glob.glob(f"/proc/{pid}/fd/*"):
        try:
            target = os.readlink(fd)
            with open(fd.replace("/fd/", "/fdinfo/")) as info:
                flags = int(next(line for line in info if line.startswith("flags:")).split()[1], 8)
        except (OSError, StopIteration):
            continue   # closed meanwhile
        if target.endswith(".part") and flags & os.O_ACCMODE == os.O_RDONLY:
            reading.append(target)
    report.check(pid not in ("", "0") and not reading,
                 f"crated (pid {pid}) reads no partial download" + (f": {reading}" if reading else ""))
    # crated's count may move on while this runs (a download completing): a few tries.
    counted = None
    for _ in range(5):
        counted = c.ok("downloads")["downloads"]["files"]
        on_disk = len([n for n in os.listdir(CACHE) if n.endswith(".mp3")]) if os.path.isdir(CACHE) else 0
        if counted == on_disk:
            break
        time.sleep(0.5)
    report.check(counted == on_disk, f"crated offers exactly the complete downloads ({counted} counted, {on_disk} on disk)")


def library(report, kind, c, media, booted):
    """The library is whole; after a cut scan, the scan was resumed at start and finished."""
    want = media["localAlbums"] + media["plexAlbums"]
    last = None

    def whole():
        nonlocal last
        last = c.ok("library-stats")["library"]
        scan = last.get("lastScan") or {}
        resumed = kind != "scan" or (scan.get("startedAt", 0) >= booted and scan.get("completed"))
        return last["albums"] == want and last["offlineAlbums"] == 0 and resumed

    try:   # well within the host's 300 s per boot: a FAIL here must not become a hang there
        until(150, "the library whole", whole, interval=1)
        what = "the cut scan was resumed at start and finished; " if kind == "scan" else ""
        report.check(True, f"{what}the library is whole: {last['albums']} albums, none offline")
    except TimeoutError:
        scan = (last or {}).get("lastScan") or {}
        if kind == "scan" and scan.get("startedAt", 0) < booted:
            report.check(False, "the scan cut by the power was not resumed at start (crated found no sign"
                         f" of it); last scan started {booted - scan.get('startedAt', 0):.0f} s before the boot")
        else:
            report.check(False, f"the library is not whole: {last and {k: last[k] for k in ('albums', 'offlineAlbums')}},"
                         f" expected {want} albums; last scan {scan}")
    notes = (last or {}).get("storeNotes") or []
    report.check(not notes, "the store repaired nothing at start" + (f": {notes}" if notes else ""))
    warnings = c.status().get("warnings") or []
    report.check(not any("queue" in w or "salvag" in w or "damage" in w for w in warnings),
                 f"status warns of no lost data ({len(warnings)} warnings: {'; '.join(warnings)[:200]})")


def run_all(report, cut, kind, media, booted, waited):
    c = Crated()
    report.check(True, f"crated came up by itself after the cut (active, answers ping; {waited:.0f} s after boot)")
    for check in (lambda: databases(report), lambda: user_data(report, cut), lambda: queue(report, cut, c),
                  lambda: library(report, kind, c, media, booted), lambda: downloads(report, c, media)):
        try:
            check()
        except Exception as error:   # one broken check must not hide the others
            report.check(False, f"a check failed to run: {type(error).__name__}: {error}")
