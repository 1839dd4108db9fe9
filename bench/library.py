#!/usr/bin/python3
"""Library scanner benchmark: crated against MPD on the same generated library.

Called by library.sh once the binaries and the library exist; see README.md. Prints the
table and writes OUT/library-results.json (with --mixed, the FLAC/MP3/M4A library:
OUT/library-mixed-results.json).
"""
import argparse
import json
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import time

from benchlib import (RSS_PARTS, CrateDaemon, MpdDaemon, Timing, cpu_seconds, finish_report,
                      mem_kib, mpd_conf, print_table, row, unlink_stale)

JAZZ_TAGS = ["Jazz", "Bebop", "Cool Jazz", "Hard Bop", "Fusion", "Swing", "Vocal Jazz", "Free Jazz"]
MEM = RSS_PARTS + ("VmHWM",)  # the /proc/PID/status fields kept
# A full scan may keep a daemon busy for a while: wait longer for it than run.sh's players.
TIMING = Timing(connect=30.0, poll=0.005, io=600, stop=20)


def log(msg):
    print(msg, flush=True)


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


# --- crated ------------------------------------------------------------------------------

class Crate(CrateDaemon):
    timing = TIMING

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

    def start_fresh(self):
        """Start crated on an empty state_dir; it scans at once (the library is empty).
        Returns (wall seconds from spawn to scan-finished, the report, CPU seconds)."""
        if os.path.exists(self.state):
            shutil.rmtree(self.state)
        unlink_stale(self.sockpath)
        t0 = time.monotonic()
        self.spawn([os.path.join(self.bindir, "crated"), "--config", self.conf], self.rundir)
        events = self.subscribe()
        report = self.wait_scan(events)
        wall = time.monotonic() - t0
        cpu = cpu_seconds(self.pid)
        events.close()
        self.open()  # the command connection
        return wall, report, cpu

    def subscribe(self):
        s = self.connect(keep=False)
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
            self.sock.sendall(req)
            line = self.file.readline()
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


def scan_series(args, key, daemon, how, full_scan, one_rescan, queries):
    """What both scanners go through, in this order: args.scans full scans (full_scan(),
    which starts the daemon anew: `how`), VmRSS after args.idle s; the first
    min(scans, rescans) no-change rescans (one_rescan()), VmRSS again (the table's figure);
    queries(res), the genre listings; the other rescans and VmRSS once more; the process's
    CPU time in all. Returns the results."""
    res = {"full_scan": [], "rescan": []}

    def idle_mem(field):
        time.sleep(args.idle)
        res[field] = mem_kib(daemon.pid, MEM)
        return res[field]["VmRSS"] / 1024

    def rescans(first, last):
        for i in range(first, last):
            log(f"{key}: no-change rescan {i + 1}/{args.rescans}…")
            res["rescan"].append(repeat(args.retries, one_rescan, f"{key} rescan"))

    for i in range(args.scans):
        log(f"{key}: full scan {i + 1}/{args.scans} ({how})…")
        res["full_scan"].append(repeat(args.retries, full_scan, f"{key} full scan"))
    log(f"{key}: VmRSS {idle_mem('mem_idle_after_full_scan_kib'):.1f} MiB after the full scan "
        f"and {args.idle:.0f} s idle")
    first = min(args.scans, args.rescans)
    rescans(0, first)
    log(f"{key}: idle {args.idle:.0f} s, then VmRSS…")
    log(f"  VmRSS {idle_mem('mem_idle_kib'):.1f} MiB "
        f"(peak VmHWM {res['mem_idle_kib']['VmHWM'] / 1024:.1f} MiB)")
    queries(res)
    if args.rescans > first:
        rescans(first, args.rescans)
        log(f"{key}: idle {args.idle:.0f} s, then VmRSS…")
        log(f"  VmRSS {idle_mem('mem_idle_after_all_rescans_kib'):.1f} MiB")
    res["cpu_total_s"] = cpu_seconds(daemon.pid)
    return res


def measure_crate(args, rundir):
    crate = Crate(rundir, args.bin, args.music)

    def full_scan():
        crate.close()
        la = loadavg()
        wall, report, cpu = crate.start_fresh()
        log(f"  {wall:.2f} s wall, scanner {report.get('seconds', 0):.2f} s, CPU {cpu:.2f} s, "
            f"{report.get('filesRead')} files read, {report.get('albums')} albums")
        return {"wall_s": wall, "scanner_s": report.get("seconds"), "cpu_s": cpu,
                "loadavg_before": la, "vm_hwm_kib": mem_kib(crate.pid, MEM)["VmHWM"],
                "report": {k: v for k, v in report.items() if k != "skipped"},
                "skipped": report.get("skipped", [])[:20]}

    def one_rescan():
        la = loadavg()
        wall, report, cpu = crate.rescan()
        log(f"  {wall * 1000:.0f} ms wall, scanner {report.get('seconds', 0) * 1000:.0f} ms, "
            f"CPU {cpu * 1000:.0f} ms, filesRead {report.get('filesRead')}, "
            f"unchanged {report.get('filesUnchanged')}")
        return {"wall_s": wall, "scanner_s": report.get("seconds"), "cpu_s": cpu, "loadavg_before": la,
                "report": {k: v for k, v in report.items() if k != "skipped"}}

    def queries(res):
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

    try:
        return scan_series(args, "crate", crate, "start on an empty state_dir", full_scan, one_rescan,
                           queries)
    finally:
        crate.close()


# --- MPD ---------------------------------------------------------------------------------

class Mpd(MpdDaemon):
    timing = TIMING

    def __init__(self, rundir, music, db, disabled=("mad", "ffmpeg")):
        self.rundir = rundir
        self.sockpath = os.path.join(rundir, "mpd.sock")
        self.db = db
        self.state = os.path.join(rundir, "mpd.state")
        self.conf = os.path.join(rundir, f"mpd-{os.path.basename(db)}.conf")
        with open(self.conf, "w") as f:
            f.write(mpd_conf(self.sockpath, os.path.join(rundir, "mpd.log"),
                             settings=f'music_directory "{music}"\n'
                             f'db_file "{db}"\n'
                             f'state_file "{self.state}"\n'
                             'log_level "warning"\n'  # as crated's [log] level; "notice" logs every file added
                             'auto_update "no"\n',
                             output='audio_output {\n  type "null"\n  name "null"\n}\n',
                             disabled=disabled))

    def start(self):
        unlink_stale(self.state)
        self.start_mpd(self.conf, self.rundir)

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
    unlink_stale(db)
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
    empty = mpd_empty_db(rundir, args.poll)
    db = os.path.join(rundir, "mpd.db")
    # The mixed library has M4A, which only MPD's ffmpeg plugin reads: it stays on there.
    mpd = Mpd(rundir, args.music, db, disabled=("mad",) if args.mixed else ("mad", "ffmpeg"))

    def full_scan():
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
                "vm_hwm_kib": mem_kib(mpd.pid, MEM)["VmHWM"], "stats": st}

    def one_rescan():
        la = loadavg()
        wall, cpu = mpd.update(args.poll)
        log(f"  {wall * 1000:.0f} ms wall, CPU {cpu * 1000:.0f} ms")
        return {"wall_s": wall, "cpu_s": cpu, "loadavg_before": la}

    def queries(res):
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

    try:
        return scan_series(args, "mpd", mpd, "`update` on an empty database", full_scan, one_rescan, queries)
    finally:
        mpd.close()


# --- report ------------------------------------------------------------------------------

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
    ap.add_argument("--mixed", action="store_true",
                    help="the FLAC/MP3/M4A library: MPD's ffmpeg plugin on, its own results file")
    args = ap.parse_args()
    args.music = os.path.abspath(args.music)
    # library.sh's trap sends TERM: leave through the finally blocks that stop the daemons.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    rundir = os.path.join(os.path.dirname(args.music), "run")  # bench/out/library*/run
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
    if summary and m.get("full_scan") and m["full_scan"][-1]["stats"].get("songs") != str(summary["files"]):
        res["errors"].append(f"MPD's full scan found {m['full_scan'][-1]['stats'].get('songs')} songs "
                             f"of {summary['files']}")
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
        # Where idle memory settles once rescans stop adding to it (BENCH_RESCANS=30 for the
        # 100,000-track library): held to the same target as the row above.
        row(f"  VmRSS idle {args.idle:.0f} s, after the full scan + {n_all} rescans", "MiB",
            kib(c, "mem_idle_after_all_rescans_kib"), kib(m, "mem_idle_after_all_rescans_kib"),
            "ratio <= 0.5", lambda v, r: r is not None and r <= 0.5),
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
        kinds = ", ".join(f"{n} {k.upper()}" for k, n in summary.get("formats", {"mp3": summary["files"]}).items())
        print(f"  {summary['files']} files ({kinds}), {summary['params']['albums']} albums; "
              f"{res['expected_jazz_albums']} albums tagged with a jazz genre; "
              f"full scan run {args.scans}x, no-change rescan {args.rescans}x, page cache warm; "
              "reported: the median of the runs after the first (of 2: the second)")
    print()
    print_table(rows, small_digits=4)
    if c.get("albums_genre_count") is not None:
        print(f"Crate lists {c['albums_genre_count']} {args.genre} albums "
              f"({c.get('albums_genre_reply_bytes')} bytes of JSON); MPD's `list album genre` "
              f"{m.get('list_album_genre_count')} album names (exact tag only, names merged)")
    print(f"load average: {res['loadavg_start']:.2f} at start, {res['loadavg_end']:.2f} at end "
          "(the box is shared; both scanners run at idle priority)")
    finish_report(res, os.path.join(args.out, "library-mixed-results.json" if args.mixed
                                    else "library-results.json"))


if __name__ == "__main__":
    main()
