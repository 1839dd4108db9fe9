#!/usr/bin/python3
"""Library scanner benchmark: crated against MPD on the same generated library.

Called by library.sh once the binaries and the library exist; see README.md. Prints the
table and writes OUT/library-results.json.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")
JAZZ_TAGS = ["Jazz", "Bebop", "Cool Jazz", "Hard Bop", "Fusion", "Swing", "Vocal Jazz", "Free Jazz"]


def log(msg):
    print(msg, flush=True)


def cpu_seconds(pid):
    """utime + stime of the whole process (all threads, living and exited)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def mem_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return {k: int(v.split()[0]) for k, v in (l.split(":", 1) for l in f)
                if k in ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")}


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def starved(run):
    """Both scanners run at SCHED_IDLE: any other work on this shared box stops them, and
    such a run takes far longer than the CPU it used (the library is in the page cache, so
    a scan is CPU-bound). Such runs are taken again; see repeat()."""
    return run["wall_s"] > 1.25 * run["cpu_s"] + 0.03


def repeat(retries, fn, what):
    """fn() -> a run dict with wall_s and cpu_s. A starved run is taken again, up to
    `retries` times; the starved tries are kept in the run under starved_tries."""
    tries = []
    while True:
        run = fn()
        if not starved(run) or len(tries) >= retries:
            if tries:
                run["starved_tries"] = tries
            if starved(run):
                run["starved"] = True
            return run
        log(f"  {what}: starved by other work on the box (wall {run['wall_s']:.2f} s, CPU "
            f"{run['cpu_s']:.2f} s): again")
        tries.append({k: v for k, v in run.items() if k in ("wall_s", "cpu_s", "loadavg_before")})


def connect(path, proc, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with status {proc.returncode}")
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect(path)
            s.settimeout(600)
            return s
        except OSError:
            s.close()
            time.sleep(0.005)
    raise RuntimeError(f"nothing answers on {path} after {timeout:.0f} s")


class Daemon:
    name = "?"

    def spawn(self, argv):
        self.log_path = os.path.join(self.rundir, f"{self.name}.log")
        logf = open(self.log_path, "ab")
        self.proc = subprocess.Popen(argv, stdout=logf, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        logf.close()
        self.pid = self.proc.pid
        self.pidfile = os.path.join(self.rundir, f"{self.name}.pid")  # library.sh's trap kills it
        with open(self.pidfile, "w") as f:
            f.write(f"{self.pid}\n")

    def close(self):
        for s in getattr(self, "socks", []):
            try:
                s.close()
            except OSError:
                pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if os.path.exists(self.pidfile):
            os.unlink(self.pidfile)


# --- crated ------------------------------------------------------------------------------

class Crate(Daemon):
    name = "crated"

    def __init__(self, rundir, bindir, music):
        self.rundir = rundir
        self.sockpath = os.path.join(rundir, "crate.sock")
        self.state = os.path.join(rundir, "crate-state")
        self.conf = os.path.join(rundir, "crate.toml")
        with open(self.conf, "w") as f:
            f.write(f'state_dir = "{self.state}"\n\n[control]\nsocket = "{self.sockpath}"\n\n'
                    '[audio]\ndevice = "null"\n\n'
                    f'[library]\npaths = ["{music}"]\n\n[log]\nlevel = "warning"\n')
        self.bindir = bindir
        self.socks = []

    def start_fresh(self):
        """Start crated on an empty state_dir; it scans at once (the library is empty).
        Returns (wall seconds from spawn to scan-finished, the report, CPU seconds)."""
        if os.path.exists(self.state):
            shutil.rmtree(self.state)
        if os.path.exists(self.sockpath):
            os.unlink(self.sockpath)
        t0 = time.monotonic()
        self.spawn([os.path.join(self.bindir, "crated"), "--config", self.conf])
        events = self.subscribe()
        report = self.wait_scan(events)
        wall = time.monotonic() - t0
        cpu = cpu_seconds(self.pid)
        events.close()
        self.cmd_sock = connect(self.sockpath, self.proc)
        self.socks.append(self.cmd_sock)
        self.cmd_file = self.cmd_sock.makefile("rb")
        return wall, report, cpu

    def subscribe(self):
        s = connect(self.sockpath, self.proc)
        s.sendall(b'{"cmd":"subscribe"}\n')
        f = s.makefile("rb")
        reply = json.loads(f.readline())
        if not reply.get("ok"):
            raise RuntimeError(f"crated: subscribe refused: {reply}")
        return _Events(s, f)

    def wait_scan(self, events):
        while True:
            line = events.file.readline()
            if not line:
                raise RuntimeError(f"crated closed the event stream (exit status {self.proc.poll()}, "
                                   f"log {self.log_path})")
            ev = json.loads(line)
            if ev.get("event") == "scan-finished":
                report = ev.get("scanReport") or {}
                if not report.get("completed"):
                    raise RuntimeError(f"crated: scan not completed: {json.dumps(report)[:500]}")
                return report

    def cmd(self, request):
        self.cmd_sock.sendall(json.dumps(request).encode() + b"\n")
        line = self.cmd_file.readline()
        if not line:
            raise RuntimeError("crated closed the control connection")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError(f"crated: {answer.get('error', line)}")
        return answer

    def rescan(self):
        """library-scan on the command connection; wall seconds until scan-finished."""
        events = self.subscribe()
        c0 = cpu_seconds(self.pid)
        t0 = time.monotonic()
        self.cmd({"cmd": "library-scan"})
        report = self.wait_scan(events)
        wall = time.monotonic() - t0
        cpu = cpu_seconds(self.pid) - c0
        events.close()
        return wall, report, cpu

    def albums_rtt(self, genre, reps):
        """Round trips of {"cmd":"albums","genre":...}: ms each, and the last answer."""
        req = json.dumps({"cmd": "albums", "genre": genre}).encode() + b"\n"
        times, line = [], b""
        for i in range(reps + 3):  # 3 warm-ups
            t0 = time.perf_counter()
            self.cmd_sock.sendall(req)
            line = self.cmd_file.readline()
            dt = (time.perf_counter() - t0) * 1000
            if i >= 3:
                times.append(dt)
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError(f"crated: albums refused: {answer.get('error')}")
        return times, answer, len(line)


class _Events:
    def __init__(self, sock, file):
        self.sock, self.file = sock, file

    def close(self):
        self.file.close()
        self.sock.close()


def sqlite_query_ms(state, genre, reps):
    """The store's albums-of-a-genre SQL (LibraryStore.albums) on crated's library.sqlite,
    through Python's sqlite3: the query alone, without Swift row decoding and JSON."""
    db = sqlite3.connect(f"file:{os.path.join(state, 'library.sqlite')}?mode=ro", uri=True)
    sql = ("SELECT id, title, artist, year, super_genre, sub_genre, track_count, disc_count, duration, "
           "compilation, online, folder FROM albums WHERE super_genre = ?1 "
           "ORDER BY artist_sort, title_sort, id")
    times, rows = [], []
    for i in range(reps + 3):
        t0 = time.perf_counter()
        rows = db.execute(sql, (genre,)).fetchall()
        if i >= 3:
            times.append((time.perf_counter() - t0) * 1000)
    plan = " / ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN " + sql, (genre,)))
    db.close()
    return times, len(rows), plan


def measure_crate(args, rundir):
    res = {"full_scan": [], "rescan": []}
    crate = Crate(rundir, args.bin, args.music)
    try:
        def full_scan():
            if getattr(crate, "proc", None) is not None:
                crate.close()
            la = loadavg()
            wall, report, cpu = crate.start_fresh()
            log(f"  {wall:.2f} s wall, scanner {report.get('seconds', 0):.2f} s, CPU {cpu:.2f} s, "
                f"{report.get('filesRead')} files read, {report.get('albums')} albums")
            return {"wall_s": wall, "scanner_s": report.get("seconds"), "cpu_s": cpu,
                    "loadavg_before": la, "vm_hwm_kib": mem_kib(crate.pid)["VmHWM"],
                    "report": {k: v for k, v in report.items() if k != "skipped"},
                    "skipped": report.get("skipped", [])[:20]}
        for i in range(args.scans):
            log(f"crate: full scan {i + 1}/{args.scans} (start on an empty state_dir)…")
            res["full_scan"].append(repeat(args.retries, full_scan, "crate full scan"))
        time.sleep(args.idle)
        res["mem_idle_after_full_scan_kib"] = mem_kib(crate.pid)
        log(f"crate: VmRSS {res['mem_idle_after_full_scan_kib']['VmRSS'] / 1024:.1f} MiB after the full scan "
            f"and {args.idle:.0f} s idle")
        def one_rescan():
            la = loadavg()
            wall, report, cpu = crate.rescan()
            log(f"  {wall * 1000:.0f} ms wall, scanner {report.get('seconds', 0) * 1000:.0f} ms, "
                f"CPU {cpu * 1000:.0f} ms, filesRead {report.get('filesRead')}, "
                f"unchanged {report.get('filesUnchanged')}")
            return {"wall_s": wall, "scanner_s": report.get("seconds"), "cpu_s": cpu, "loadavg_before": la,
                    "report": {k: v for k, v in report.items() if k != "skipped"}}

        def rescan(i):
            log(f"crate: no-change rescan {i + 1}/{args.rescans}…")
            res["rescan"].append(repeat(args.retries, one_rescan, "crate rescan"))
        first = min(args.scans, args.rescans)
        for i in range(first):
            rescan(i)
        log(f"crate: idle {args.idle:.0f} s, then VmRSS…")
        time.sleep(args.idle)
        res["mem_idle_kib"] = mem_kib(crate.pid)
        log(f"  VmRSS {res['mem_idle_kib']['VmRSS'] / 1024:.1f} MiB "
            f"(peak VmHWM {res['mem_idle_kib']['VmHWM'] / 1024:.1f} MiB)")
        stats = crate.cmd({"cmd": "library-stats"})["library"]
        res["library_stats"] = {k: v for k, v in stats.items() if k != "lastScan"}
        times, answer, nbytes = crate.albums_rtt(args.genre, args.reps)
        res["albums_genre_ms"] = times
        res["albums_genre_count"] = len(answer.get("albums", []))
        res["albums_genre_reply_bytes"] = nbytes
        log(f"crate: albums genre {args.genre}: median {statistics.median(times):.2f} ms over "
            f"{len(times)}, {res['albums_genre_count']} albums, {nbytes} bytes")
        try:
            qt, n, plan = sqlite_query_ms(crate.state, args.genre, args.reps)
            res["albums_genre_sql_ms"], res["albums_genre_sql_rows"], res["albums_genre_sql_plan"] = qt, n, plan
            log(f"crate: the same SQL alone (Python sqlite3): median {statistics.median(qt):.3f} ms, "
                f"{n} rows, plan: {plan}")
        except Exception as e:  # informational only
            res["albums_genre_sql_error"] = repr(e)
        if args.rescans > first:
            for i in range(first, args.rescans):
                rescan(i)
            log(f"crate: idle {args.idle:.0f} s, then VmRSS…")
            time.sleep(args.idle)
            res["mem_idle_after_all_rescans_kib"] = mem_kib(crate.pid)
            log(f"  VmRSS {res['mem_idle_after_all_rescans_kib']['VmRSS'] / 1024:.1f} MiB")
        res["cpu_total_s"] = cpu_seconds(crate.pid)
    finally:
        crate.close()
    return res


# --- MPD ---------------------------------------------------------------------------------

class Mpd(Daemon):
    name = "mpd"

    def __init__(self, rundir, music, db):
        self.rundir = rundir
        self.sockpath = os.path.join(rundir, "mpd.sock")
        self.db = db
        self.conf = os.path.join(rundir, f"mpd-{os.path.basename(db)}.conf")
        with open(self.conf, "w") as f:
            f.write(f'music_directory "{music}"\n'
                    f'db_file "{db}"\n'
                    f'state_file "{os.path.join(rundir, "mpd.state")}"\n'
                    f'log_file "{os.path.join(rundir, "mpd.log")}"\n'
                    'log_level "warning"\n'  # as crated's [log] level; "notice" logs every file added
                    f'bind_to_address "{self.sockpath}"\n'
                    'zeroconf_enabled "no"\n'
                    'auto_update "no"\n'
                    'connection_timeout "3600"\n'
                    # As in run.sh: only mpg123 reads MP3s.
                    'decoder {\n  plugin "mad"\n  enabled "no"\n}\n'
                    'decoder {\n  plugin "ffmpeg"\n  enabled "no"\n}\n'
                    'audio_output {\n  type "null"\n  name "null"\n}\n')
        self.socks = []

    def start(self):
        if os.path.exists(self.sockpath):
            os.unlink(self.sockpath)
        state = os.path.join(self.rundir, "mpd.state")
        if os.path.exists(state):
            os.unlink(state)
        self.spawn(["mpd", "--no-daemon", self.conf])
        self.sock = connect(self.sockpath, self.proc)
        self.socks.append(self.sock)
        self.file = self.sock.makefile("rb")
        greeting = self.file.readline()
        if not greeting.startswith(b"OK MPD"):
            raise RuntimeError(f"unexpected MPD greeting {greeting!r}")

    def reply(self):
        lines = []
        while True:
            line = self.file.readline().decode().rstrip("\n")
            if line == "OK":
                return lines
            if line.startswith("ACK") or not line:
                raise RuntimeError(f"MPD: {line or 'connection closed'}")
            lines.append(line)

    def cmd(self, line):
        self.sock.sendall(line.encode() + b"\n")
        return self.reply()

    def status(self):
        return dict(l.split(": ", 1) for l in self.cmd("status"))

    def wait_update(self, poll):
        while "updating_db" in self.status():
            time.sleep(poll)

    def update(self, poll):
        """`update`, then poll `status` until updating_db is gone: wall and CPU seconds."""
        self.wait_update(poll)  # nothing may be running before (auto_update is off anyway)
        c0 = cpu_seconds(self.pid)
        t0 = time.monotonic()
        self.cmd("update")
        self.wait_update(poll)
        wall = time.monotonic() - t0
        return wall, cpu_seconds(self.pid) - c0

    def stats(self):
        return dict(l.split(": ", 1) for l in self.cmd("stats"))

    def rtt(self, line, reps):
        times, out = [], []
        for i in range(reps + 3):
            t0 = time.perf_counter()
            out = self.cmd(line)
            if i >= 3:
                times.append((time.perf_counter() - t0) * 1000)
        return times, out


def mpd_empty_db(rundir, poll):
    """An MPD database with nothing in it, made by MPD itself over an empty folder, so that
    the full scan is `update` on an empty db (with no db at all, MPD would start scanning
    on its own at start-up)."""
    empty_music = os.path.join(rundir, "mpd-empty-music")
    os.makedirs(empty_music, exist_ok=True)
    db = os.path.join(rundir, "mpd-empty.db")
    if os.path.exists(db):
        os.unlink(db)
    mpd = Mpd(rundir, empty_music, db)
    try:
        mpd.start()
        mpd.wait_update(poll)  # the start-up scan of the empty folder, which writes the db
        if mpd.stats().get("songs") != "0":
            raise RuntimeError("MPD's empty database is not empty")
    finally:
        mpd.close()
    if not os.path.exists(db):
        raise RuntimeError("MPD wrote no database for the empty folder")
    return db


def measure_mpd(args, rundir):
    res = {"full_scan": [], "rescan": []}
    empty = mpd_empty_db(rundir, args.poll)
    db = os.path.join(rundir, "mpd.db")
    mpd = Mpd(rundir, args.music, db)
    try:
        def full_scan():
            if getattr(mpd, "proc", None) is not None:
                mpd.close()
            shutil.copyfile(empty, db)
            t_spawn = time.monotonic()
            mpd.start()
            t_ready = time.monotonic()
            la = loadavg()
            wall, cpu = mpd.update(args.poll)
            st = mpd.stats()
            log(f"  {wall:.2f} s wall (after {t_ready - t_spawn:.2f} s start-up), CPU {cpu:.2f} s, "
                f"{st.get('songs')} songs, {st.get('albums')} album names")
            return {"wall_s": wall, "cpu_s": cpu, "loadavg_before": la, "startup_s": t_ready - t_spawn,
                    "vm_hwm_kib": mem_kib(mpd.pid)["VmHWM"], "stats": st}
        for i in range(args.scans):
            log(f"mpd: full scan {i + 1}/{args.scans} (`update` on an empty database)…")
            res["full_scan"].append(repeat(args.retries, full_scan, "mpd full scan"))
        time.sleep(args.idle)
        res["mem_idle_after_full_scan_kib"] = mem_kib(mpd.pid)
        log(f"mpd: VmRSS {res['mem_idle_after_full_scan_kib']['VmRSS'] / 1024:.1f} MiB after the full scan "
            f"and {args.idle:.0f} s idle")
        def one_rescan():
            la = loadavg()
            wall, cpu = mpd.update(args.poll)
            log(f"  {wall * 1000:.0f} ms wall, CPU {cpu * 1000:.0f} ms")
            return {"wall_s": wall, "cpu_s": cpu, "loadavg_before": la}

        def rescan(i):
            log(f"mpd: no-change rescan {i + 1}/{args.rescans}…")
            res["rescan"].append(repeat(args.retries, one_rescan, "mpd rescan"))
        first = min(args.scans, args.rescans)
        for i in range(first):
            rescan(i)
        log(f"mpd: idle {args.idle:.0f} s, then VmRSS…")
        time.sleep(args.idle)
        res["mem_idle_kib"] = mem_kib(mpd.pid)
        log(f"  VmRSS {res['mem_idle_kib']['VmRSS'] / 1024:.1f} MiB "
            f"(peak VmHWM {res['mem_idle_kib']['VmHWM'] / 1024:.1f} MiB)")
        res["stats"] = mpd.stats()
        times, out = mpd.rtt(f'list album genre "{args.genre}"', args.reps)
        res["list_album_genre_ms"], res["list_album_genre_count"] = times, len(out)
        log(f"mpd: list album genre \"{args.genre}\": median {statistics.median(times):.2f} ms, "
            f"{len(out)} album names")
        try:  # for reference only: a failure here keeps the rest
            times, out = mpd.rtt(f'find genre "{args.genre}"', args.reps)
            res["find_genre_ms"] = times
            res["find_genre_songs"] = sum(1 for l in out if l.startswith("file: "))
            log(f"mpd: find genre \"{args.genre}\": median {statistics.median(times):.2f} ms, "
                f"{res['find_genre_songs']} songs")
            # Every tag Crate files under Jazz, albums told apart by album artist: the closest
            # MPD 0.23 (no OR in filters) comes to Crate's answer.
            regex = "^(" + "|".join(JAZZ_TAGS) + ")$"
            times, out = mpd.rtt(f'list album "(genre =~ \\"{regex}\\")" group albumartist', args.reps)
            res["list_album_jazz_tags_ms"] = times
            res["list_album_jazz_tags_count"] = sum(1 for l in out if l.startswith("Album: "))
            log(f"mpd: list album (genre =~ {regex}) group albumartist: "
                f"median {statistics.median(times):.2f} ms, {res['list_album_jazz_tags_count']} rows")
        except Exception as e:
            res.setdefault("notes", []).append(f"mpd reference query: {e}")
            log(f"mpd: reference query failed: {e}")
        if args.rescans > first:
            for i in range(first, args.rescans):
                rescan(i)
            log(f"mpd: idle {args.idle:.0f} s, then VmRSS…")
            time.sleep(args.idle)
            res["mem_idle_after_all_rescans_kib"] = mem_kib(mpd.pid)
            log(f"  VmRSS {res['mem_idle_after_all_rescans_kib']['VmRSS'] / 1024:.1f} MiB")
        res["cpu_total_s"] = cpu_seconds(mpd.pid)
    finally:
        mpd.close()
    return res


# --- report ------------------------------------------------------------------------------

def row(metric, unit, crate, mpd, target, rule):
    ratio = crate / mpd if crate is not None and mpd else None
    if rule is None or crate is None or (ratio is None and "ratio" in target):
        ok = None
    else:
        ok = rule(crate, ratio)
    return {"metric": metric, "unit": unit, "crate": crate, "mpd": mpd, "ratio": ratio,
            "target": target, "pass": ok}


def fmt(v, digits=2):
    if v is None:
        return "—"
    return f"{v:.{digits}f}" if abs(v) >= 0.01 or v == 0 else f"{v:.4f}"


def print_table(rows):
    head = ["metric", "Crate", "MPD", "ratio", "target", "result"]
    body = [[f"{r['metric']} ({r['unit']})", fmt(r["crate"]), fmt(r["mpd"]), fmt(r["ratio"]),
             r["target"], {True: "pass", False: "FAIL", None: "—"}[r["pass"]]] for r in rows]
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    line = lambda cells: " | ".join(c.ljust(w) for c, w in zip(cells, widths))  # noqa: E731
    print(line(head))
    print("-+-".join("-" * w for w in widths))
    for b in body:
        print(line(b))


def warm(runs, key):
    """The reported figure of repeated runs: the first run only warms the page cache (and
    the daemon), so the median of the others; with two runs, the second."""
    vals = [r.get(key) for r in runs[1:] or runs]
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None


def median_of(res, key):
    v = res.get(key)
    return statistics.median(v) if v else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="bench/out")
    ap.add_argument("--bin", help="directory with crated (none: MPD only)")
    ap.add_argument("--music", required=True, help="the generated library")
    ap.add_argument("--scans", type=int, default=2,
                    help="full scans (and rescans before the VmRSS reading); all but the first reported")
    ap.add_argument("--rescans", type=int, default=10,
                    help="no-change rescans in all; all but the first reported (median)")
    ap.add_argument("--retries", type=int, default=3,
                    help="times a scan starved by other work on the box (wall > 1.25 x CPU + 30 ms) is taken again")
    ap.add_argument("--reps", type=int, default=50, help="round trips of the genre listing")
    ap.add_argument("--idle", type=float, default=5.0, help="idle seconds before reading VmRSS")
    ap.add_argument("--poll", type=float, default=0.01, help="MPD status poll interval, s")
    ap.add_argument("--genre", default="Jazz")
    args = ap.parse_args()
    args.music = os.path.abspath(args.music)
    # library.sh's trap sends TERM: leave through the finally blocks that stop the daemons.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    rundir = os.path.join(os.path.abspath(args.out), "library", "run")
    os.makedirs(rundir, exist_ok=True)
    res = {"library": args.music, "scans_per_metric": args.scans, "reported": "median of the runs after the first (with 2 runs: the second)",
           "crate": {}, "mpd": {}, "errors": [], "loadavg_start": loadavg()}
    try:
        with open(os.path.join(os.path.dirname(args.music), "library-summary.json")) as f:
            summary = json.load(f)
        res["library_summary"] = summary
        res["expected_jazz_albums"] = sum(summary["genres"].get(g, 0) for g in JAZZ_TAGS)
    except (OSError, ValueError):
        summary = None
    try:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        git = lambda *a: subprocess.run(["git", "-C", root, *a], capture_output=True,  # noqa: E731
                                        text=True).stdout
        res["git"] = {"head": git("rev-parse", "HEAD").strip(),
                      "sources_changed": git("status", "--short", "--", "Sources").splitlines()}
    except OSError:
        pass
    res["mpd_version"] = subprocess.run(["mpd", "--version"], capture_output=True,
                                        text=True).stdout.splitlines()[0]

    for key, fn in (("crate", measure_crate), ("mpd", measure_mpd)):
        if key == "crate" and not args.bin:
            res["errors"].append("crate: skipped (crated did not build)")
            continue
        try:
            res[key] = fn(args, rundir)
        except Exception as e:
            res["errors"].append(f"{key}: {e}")
            print(f"{key}: {e}", file=sys.stderr)

    c, m = res["crate"], res["mpd"]
    if summary and c.get("albums_genre_count") is not None \
            and c["albums_genre_count"] != res["expected_jazz_albums"]:
        res["errors"].append(f"crate lists {c['albums_genre_count']} {args.genre} albums; the library "
                             f"has {res['expected_jazz_albums']} tagged with one of {JAZZ_TAGS}")
    for key, r in (("crate", c), ("mpd", m)):
        for kind in ("full_scan", "rescan"):
            runs = r.get(kind, [])
            again = sum(len(x.get("starved_tries", [])) for x in runs)
            still = sum(1 for x in runs if x.get("starved"))
            if again or still:
                res["errors"].append(f"{key} {kind}: {again} starved run(s) taken again"
                                     + (f", {still} still starved after {args.retries} tries: the box is busy, "
                                        "run again when it is quiet" if still else ""))
    if summary and c.get("full_scan"):
        got = c["full_scan"][-1]["report"].get("filesRead")
        if got != summary["files"]:
            res["errors"].append(f"crate's full scan read {got} files of {summary['files']}")
    read = [r["report"].get("filesRead") or 0 for r in c.get("rescan", [])]
    if any(read):
        res["errors"].append(f"crate's no-change rescans read {read} files")
    cfs, mfs = c.get("full_scan", []), m.get("full_scan", [])
    crs, mrs = c.get("rescan", []), m.get("rescan", [])
    def kib(r, key="mem_idle_kib", field="VmRSS"):
        return r[key][field] / 1024 if key in r else None
    n_first, n_all = min(args.scans, args.rescans), args.rescans
    nres = f"median of {max(1, max(len(crs), len(mrs)) - 1)}"
    ms = lambda v: None if v is None else v * 1000  # noqa: E731
    rows = [
        row("full scan, wall (Crate: spawn -> scan-finished; MPD: update -> done)", "s",
            warm(cfs, "wall_s"), warm(mfs, "wall_s"), "ratio <= 0.5", lambda v, r: r is not None and r <= 0.5),
        row("full scan, scanner's own time (report.seconds)", "s", warm(cfs, "scanner_s"), None, "info", None),
        row("full scan, CPU time of the process", "s", warm(cfs, "cpu_s"), warm(mfs, "cpu_s"), "info", None),
        row(f"no-change rescan, wall (request -> done), {nres}", "ms", ms(warm(crs, "wall_s")),
            ms(warm(mrs, "wall_s")),
            "ratio <= 1.0", lambda v, r: r is not None and r <= 1.0),
        row("no-change rescan, scanner's own time", "ms", ms(warm(crs, "scanner_s")), None, "info", None),
        row("no-change rescan, CPU time of the process", "ms", ms(warm(crs, "cpu_s")), ms(warm(mrs, "cpu_s")),
            "info", None),
        row(f"VmRSS idle {args.idle:.0f} s, after the full scan + {n_first} rescans", "MiB", kib(c), kib(m),
            "ratio <= 0.5", lambda v, r: r is not None and r <= 0.5),
        row(f"  VmRSS idle {args.idle:.0f} s, after the full scan only", "MiB",
            kib(c, "mem_idle_after_full_scan_kib"), kib(m, "mem_idle_after_full_scan_kib"), "info", None),
        row(f"  VmRSS idle {args.idle:.0f} s, after the full scan + {n_all} rescans", "MiB",
            kib(c, "mem_idle_after_all_rescans_kib"), kib(m, "mem_idle_after_all_rescans_kib"), "info", None),
        row("  peak VmRSS (VmHWM), before the genre listings", "MiB", kib(c, field="VmHWM"),
            kib(m, field="VmHWM"), "info", None),
        row(f"albums of genre {args.genre}, round trip, median of {args.reps} "
            f"(MPD: list album genre)", "ms", median_of(c, "albums_genre_ms"),
            median_of(m, "list_album_genre_ms"), "Crate < 10 ms", lambda v, r: v < 10),
        row(f"  same, MPD: list album (genre =~ all {len(JAZZ_TAGS)} jazz tags) group albumartist", "ms",
            median_of(c, "albums_genre_ms"), median_of(m, "list_album_jazz_tags_ms"), "info", None),
        row(f"  same, MPD: find genre \"{args.genre}\"", "ms", median_of(c, "albums_genre_ms"),
            median_of(m, "find_genre_ms"), "info", None),
        row("  Crate's SQL alone (Python sqlite3, same query)", "ms", median_of(c, "albums_genre_sql_ms"), None,
            "info", None),
    ]
    res["metrics"] = rows
    res["loadavg_end"] = loadavg()
    print()
    print(f"library: {args.music}")
    if summary:
        print(f"  {summary['files']} MP3s, {summary['params']['albums']} albums; "
              f"{res['expected_jazz_albums']} albums tagged with a jazz genre; "
              f"full scan run {args.scans}x, no-change rescan {args.rescans}x, page cache warm; "
              "reported: the median of the runs after the first (of 2: the second)")
    print()
    print_table(rows)
    if c.get("albums_genre_count") is not None:
        print(f"Crate lists {c['albums_genre_count']} {args.genre} albums "
              f"({c.get('albums_genre_reply_bytes')} bytes of JSON); MPD's `list album genre` "
              f"{m.get('list_album_genre_count')} album names (exact tag only, names merged)")
    print(f"load average: {res['loadavg_start']:.2f} at start, {res['loadavg_end']:.2f} at end "
          "(the box is shared; both scanners run at idle priority)")
    for e in res["errors"]:
        print(f"note: {e}")
    path = os.path.join(args.out, "library-results.json")
    with open(path, "w") as f:
        json.dump(res, f, indent=2)
    print(f"\nwrote {path}")


if __name__ == "__main__":
    main()
