"""bench/arm64.sh's measurements: binary sizes, and the guest instructions crated and
Debian's arm64 mpd execute under qemu-user (counted by insncount.so) for a run that plays
an album for WINDOW seconds and for one that stops as soon as it plays, on each album.

Each player runs as `chroot ROOT <x86_64 loader> qemu-aarch64 -plugin insncount.so,out=F
/usr/bin/PLAYER ...`: the plugin appends "pid=P insns=N" to F when the process exits, so
the whole process is counted, from exec to exit (start-up, library scan, playback, stop).
This script drives the players over their sockets from the host (native Python): nothing
of it is counted.

The decode floor: bench/arm64/decode_floor.c, a bare program that only decodes the same
files with the same libraries (libFLAC, libmpg123), counted the same way for ~0 s and for
the window; the difference is what decoding the window costs anyone. Each player's
overhead is its steady playback (buffers full) less that floor.

--native counts x86_64 players on this machine the same way (qemu-x86_64 and the plugin,
no root): --crated names the crated to run, mpd is this machine's, --music the albums.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from benchlib import (CrateDaemon, MpdDaemon, Timing, cpu_seconds, fmt,  # noqa: E402
                      mpd_conf, unlink_stale)

QEMU_DIR = "/opt/qemu-x86_64"           # inside the root: arm64.sh put qemu and the plugin there
MUSIC = "/srv/music"                    # inside the root (--native: --music)
FLOOR = "/opt/decode-floor"             # inside the root: arm64.sh built it there (--native: --floor)
CRATED = "/usr/bin/crated"              # (--native: --crated)
NATIVE = None                           # --native: the plugin's path; qemu-x86_64 runs the players
TMP = "/tmp/bench"                      # the players' folders (inside the root)
ALBUMS = {"FLAC": ["01.flac", "02.flac", "03.flac"], "MP3": ["01.mp3", "02.mp3", "03.mp3"]}
TRACK_S = 40                            # each track's length (arm64.sh's --track-seconds)
# Emulated with a callback per block, a daemon starts, scans and stops far slower than on
# a box: generous waits.
EMULATED = Timing(connect=300.0, poll=0.1, io=120, stop=300)


class Emulated:
    """A daemon run by the counting qemu inside the root; paths given to it are the root's,
    the host reaches them under args.root."""
    timing = EMULATED

    def setup(self, root, run, tag):
        self.root, self.tag = root, tag
        self.guest_dir = f"{TMP}/{self.name}"
        self.host_dir = root + self.guest_dir
        subprocess.run(["rm", "-rf", self.host_dir], check=True)
        os.makedirs(self.host_dir)
        self.count_file = os.path.join(self.host_dir, "insns.txt")
        self.run = run

    def spawn(self, argv, rundir, env=None):
        binary = argv[0] if argv[0].startswith("/") else "/usr/bin/" + argv[0]
        super().spawn(counting(self.root, f"{self.guest_dir}/insns.txt") + [binary] + argv[1:], rundir, env)

    def instructions(self):
        """The count the plugin wrote at this process's exit (its forks write lines of their own)."""
        try:
            with open(self.count_file) as f:
                for line in f:
                    fields = dict(kv.split("=") for kv in line.split())
                    if int(fields["pid"]) == self.pid:
                        return int(fields["insns"])
        except FileNotFoundError:
            pass
        return None


def counting(root, out):
    """The command line that runs a program under the counting qemu, its count appended to
    `out` (a path as the program sees it)."""
    if NATIVE:
        return ["qemu-x86_64", "-plugin", f"{NATIVE},out={out}"]
    return ["chroot", root, f"{QEMU_DIR}/lib/ld-linux-x86-64.so.2", "--library-path",
            f"{QEMU_DIR}/lib", f"{QEMU_DIR}/qemu-aarch64", "-plugin", f"{QEMU_DIR}/insncount.so,out={out}"]


def floor_run(root, album, seconds):
    """decode_floor on `album`'s files for `seconds`: its whole count, and the seconds it decoded."""
    out = f"{TMP}/floor/insns.txt"
    host_out = root + out
    os.makedirs(os.path.dirname(host_out), exist_ok=True)
    if os.path.exists(host_out):
        os.unlink(host_out)
    files = [f"{MUSIC}/{album}/{t}" for t in ALBUMS[album]]
    done = subprocess.run(counting(root, out) + [FLOOR, f"{seconds:g}"] + files,
                          capture_output=True, text=True, check=True)
    with open(host_out) as f:
        count = int(dict(kv.split("=") for kv in f.read().split())["insns"])
    print(f"  floor  {album:4} {seconds:>3.0f} s: {count / 1e9:.3f} G instructions, "
          f"{float(done.stdout):.1f} s decoded", flush=True)
    return {"album": album, "seconds": seconds, "instructions": count, "decoded_s": float(done.stdout)}


class Crated(Emulated, CrateDaemon):
    name = "crated"

    def start(self):
        sock = f"{self.guest_dir}/crate.sock"
        self.sockpath = self.root + sock
        unlink_stale(self.sockpath)
        conf = f"{self.guest_dir}/crate.toml"
        with open(self.root + conf, "w") as f:
            # The null device is paced by the clock, as a card would pace it.
            f.write(f'state_dir = "{self.guest_dir}/state"\n\n[control]\nsocket = "{sock}"\n'
                    'request_timeout = 3600\n\n[audio]\ndevice = "null"\n\n'
                    f'[library]\npaths = ["{MUSIC}"]\n\n[log]\nlevel = "warning"\n')
        self.spawn([CRATED, "--config", conf], self.run)
        self.open()

    def ready(self, tracks):
        """The start-up scan has found every track."""
        stats = self.cmd({"cmd": "library-stats"})["library"]
        return stats.get("tracks", 0) >= tracks and stats.get("lastScan") is not None

    def play(self, album):
        self.cmd({"cmd": "play", "paths": [f"{MUSIC}/{album}/{t}" for t in ALBUMS[album]]})

    def player(self):
        p = self.cmd({"cmd": "status"})["status"]["player"]
        state = p["state"]
        return (state.get("state") if isinstance(state, dict) else state), p.get("position"), p

    def playing(self):
        state, position, p = self.player()
        return state == "playing", (p.get("currentIndex") or 0) * TRACK_S + (position or 0)

    def extra(self):
        return {"output": self.player()[2].get("output")}


class Mpd(Emulated, MpdDaemon):
    name = "mpd"

    def start(self):
        sock = f"{self.guest_dir}/mpd.sock"
        self.sockpath = self.root + sock
        conf = f"{self.guest_dir}/mpd.conf"
        with open(self.root + conf, "w") as f:
            # null output with sync "yes": paced by the clock, as crated's null device.
            f.write(mpd_conf(sock, f"{self.guest_dir}/mpd.log",
                             settings=f'music_directory "{MUSIC}"\ndb_file "{self.guest_dir}/mpd.db"\n'
                             f'state_file "{self.guest_dir}/state"\nlog_level "warning"\n',
                             output='audio_output {\n  type "null"\n  name "null"\n  sync "yes"\n}\n'))
        self.start_mpd(conf, self.run)

    def ready(self, tracks):
        """The start-up database update has found every track."""
        return "updating_db" not in self.status() and int(self.stats().get("songs", 0)) >= tracks

    def play(self, album):
        self.cmd("clear")
        self.cmd(f'add "{album}"')
        self.cmd("play 0")

    def playing(self):
        st = self.status()
        return st.get("state") == "play", int(st.get("song", 0)) * TRACK_S + float(st.get("elapsed", 0))

    def extra(self):
        return {"status": self.status()}


def wait_until(cond, what, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = cond()
        if value:
            return value
        time.sleep(0.1)
    raise RuntimeError(f"timed out waiting for {what}")


def one_run(cls, args, album, window):
    """A whole emulated process: start, scan, play `album`, `window` s, stop. Its count."""
    d = cls()
    d.setup(args.root, args.run, album)
    r = {"player": d.name, "album": album, "window_s": window}
    t0 = time.monotonic()
    try:
        d.start()
        tracks = sum(len(v) for v in ALBUMS.values())
        wait_until(lambda: d.ready(tracks), "the library scan", 600)
        r["wall_to_ready_s"] = time.monotonic() - t0
        d.play(album)
        wait_until(lambda: d.playing()[0], "playback to start", 120)
        r["wall_to_playing_s"] = time.monotonic() - t0
        if window:
            time.sleep(window)
        r["played_s"] = d.playing()[1]  # into the album, by the player's own count
        r.update(d.extra())
        r["host_cpu_s"] = cpu_seconds(d.pid)  # the emulator's, for information
    except Exception as e:
        r["error"] = repr(e)[:500]
    finally:
        t1 = time.monotonic()
        d.close()  # SIGTERM: the daemon stops as it would on the box; qemu then exits
        r["wall_stop_s"] = time.monotonic() - t1
        r["exit_status"] = d.proc.returncode if getattr(d, "proc", None) else None
    r["instructions"] = d.instructions()
    print(f"  {d.name:6} {album:4} {window:>3} s: {fmt(r['instructions'] and r['instructions'] / 1e9, 3)}"
          f" G instructions, {fmt(r.get('played_s'), 1)} s played, "
          f"exit {r['exit_status']}{'  ' + r['error'] if 'error' in r else ''}", flush=True)
    return r


# --- sizes -------------------------------------------------------------------------------

def elf_info(path):
    """Size, build ID, and whether the Swift runtime is linked in (no libswiftCore.so needed)."""
    needed = subprocess.run(["readelf", "-d", path], capture_output=True, text=True).stdout
    notes = subprocess.run(["readelf", "-n", path], capture_output=True, text=True).stdout
    build_id = [line.split(":", 1)[1].strip() for line in notes.splitlines() if "Build ID" in line]
    return {"bytes": os.path.getsize(path),
            "build_id": build_id[0] if build_id else None,  # the same in a binary and its stripped copy
            "needs": sorted(line.split("[")[1].rstrip("]") for line in needed.splitlines()
                            if "(NEEDED)" in line),
            "swift_runtime": "shared" if "libswiftCore.so" in needed else "static"}


def sizes(sdir, deb, x86_deb):
    """Every binary arm64.sh copied into `sdir`, stripped ones from the packages."""
    out = {}
    places = {"arm64 stripped (.deb)": "arm64-deb/usr/libexec/crate", "arm64 unstripped": "arm64",
              "x86_64 stripped (.deb)": "x86_64-deb/usr/libexec/crate", "x86_64 release build": "x86_64"}
    for label, sub in places.items():
        for b in ("crate",):  # crated, crate-admin and crate-web are links to it
            p = os.path.join(sdir, sub, b)
            if os.path.exists(p):
                out.setdefault(b, {})[label] = elf_info(p)
    debs = {"arm64": deb}
    if x86_deb and os.path.exists(x86_deb):
        debs["amd64"] = x86_deb
    out["deb_bytes"] = {a: os.path.getsize(p) for a, p in debs.items()}
    return out


def mib(n):
    return f"{n / 1048576:.1f}"


def print_sizes(s):
    print("\nBinary sizes (MiB; Swift runtime static unless marked):")
    for b in ("crate",):
        for label, info in s.get(b, {}).items():
            mark = "" if info["swift_runtime"] == "static" else "  (Swift runtime shared)"
            print(f"  {b:12} {label:24} {mib(info['bytes']):>6}{mark}")
    for arch, n in s["deb_bytes"].items():
        print(f"  .deb {arch:7} {mib(n):>6}")


# --- main --------------------------------------------------------------------------------

def qemu_version(root):
    qemu = ["qemu-x86_64"] if NATIVE else ["chroot", root, f"{QEMU_DIR}/lib/ld-linux-x86-64.so.2",
                                            "--library-path", f"{QEMU_DIR}/lib", f"{QEMU_DIR}/qemu-aarch64"]
    out = subprocess.run(qemu + ["--version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else "?"


def package_version(root, pkg):
    if NATIVE and pkg == "crate":
        return subprocess.run([CRATED, "--version"], capture_output=True, text=True).stdout.strip()
    return subprocess.run((["chroot", root] if not NATIVE else []) + ["dpkg-query", "-W", "-f=${Version}", pkg],
                          capture_output=True, text=True).stdout


def main():
    global TRACK_S, NATIVE, MUSIC, FLOOR, CRATED, TMP
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="")
    ap.add_argument("--run", required=True)
    ap.add_argument("--sizes")
    ap.add_argument("--deb")
    ap.add_argument("--native", metavar="PLUGIN", help="count x86_64 players here, with this insncount.so")
    ap.add_argument("--crated", default=CRATED)
    ap.add_argument("--music", default=MUSIC)
    ap.add_argument("--floor", default=FLOOR)
    ap.add_argument("--x86-deb")
    ap.add_argument("--window", type=float, default=60)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--track-seconds", type=float, default=TRACK_S)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    TRACK_S = args.track_seconds
    NATIVE, MUSIC, FLOOR, CRATED = args.native, args.music, args.floor, args.crated
    if NATIVE:
        TMP = os.path.join(args.run, "players")

    res = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "rig": {"qemu": qemu_version(args.root), "host": platform.machine(),
                   "host_cpus": os.cpu_count(), "crate": package_version(args.root, "crate"),
                   "mpd": package_version(args.root, "mpd"),
                   "counting": "guest instructions of the whole process (all threads), "
                               "bench/arm64/insncount.c",
                   "guest": "x86_64 (qemu-x86_64 on this machine)" if NATIVE else "aarch64 (Debian 12 root)"},
           "sizes": sizes(args.sizes, args.deb, args.x86_deb) if args.sizes else None,
           "runs": [], "floor": [], "errors": []}
    if res["sizes"]:
        print_sizes(res["sizes"])
    print(f"\nGuest instructions under {res['rig']['qemu']} (whole process, start to exit):")
    # The floor first: a bare decoder is deterministic, once per case is enough.
    for album in ALBUMS:
        for seconds in (0, args.window):
            res["floor"].append(floor_run(args.root, album, seconds))
    # Rounds: every case once per round, so a change on the box falls on all of them alike.
    for _ in range(args.reps):
        for album in ALBUMS:
            for window in (0, args.window / 2, args.window):
                for cls in (Crated, Mpd):
                    res["runs"].append(one_run(cls, args, album, window))

    # The table: per album and player, the mean counts of the ~0 s, half-window and window
    # runs over the rounds; "playback" is window - ~0 s (start-up out, but the decoding ahead
    # of each player's buffer in), "steady" (window - half) scaled to the window: playback
    # with both buffers full. spread is the largest (max - min) / mean of any case.
    cases = {"start_stop": 0, "half": args.window / 2, "window": args.window}
    rows, spreads = [], []
    for album in ALBUMS:
        line = {"album": album}
        counts = {f["seconds"]: f["instructions"] for f in res["floor"] if f["album"] == album}
        line["floor"] = counts[args.window] - counts[0]   # decoding the window, start-up out
        for p in ("crated", "mpd"):
            means, played = {}, {}
            for key, window in cases.items():
                runs = [r for r in res["runs"] if (r["player"], r["album"], r["window_s"]) == (p, album, window)]
                counts = [r["instructions"] for r in runs if r["instructions"] and "error" not in r]
                if len(counts) < len(runs) or not runs:
                    res["errors"].append(f"{p} {album} {window:.0f} s: {len(runs) - len(counts)} of {len(runs)} "
                                         "runs failed or left no count (see runs[].error)")
                means[key] = statistics.mean(counts) if counts else None
                if len(counts) > 1:
                    spreads.append((max(counts) - min(counts)) / means[key])
                played[key] = statistics.mean(r.get("played_s") or 0 for r in runs) if runs else 0
            z, h, f = means["start_stop"], means["half"], means["window"]
            line[p] = {**means, "played_s": played,
                       "playback": f - z if z and f else None,
                       "steady": (f - h) * args.window / (args.window - args.window / 2) if h and f else None}
        for k in (*cases, "playback", "steady"):
            c, m = line["crated"][k], line["mpd"][k]
            line[f"ratio_{k}"] = c / m if c and m else None
        # Above the floor: steady playback (the window's decoding, buffers full) less the
        # floor's decoding of the same window.
        for p in ("crated", "mpd"):
            steady = line[p]["steady"]
            line[p]["over_floor"] = steady - line["floor"] if steady else None
            line[p]["times_floor"] = steady / line["floor"] if steady else None
        c, m = line["crated"]["over_floor"], line["mpd"]["over_floor"]
        line["ratio_over_floor"] = c / m if c and m else None
        rows.append(line)
    res["spread"] = max(spreads) if spreads else None
    res["table"] = rows

    print(f"\n{'album':5} {'run':34} {'crated (G)':>11} {'mpd (G)':>9} {'crated/mpd':>10}")
    w = f"{args.window:.0f} s"
    names = {"start_stop": "start, play, stop at once", "half": f"start, play {args.window / 2:.0f} s, stop",
             "window": f"start, play {w}, stop", "playback": f"{w} of playback ({w} - ~0 s)",
             "steady": f"{w} of playback, buffers full"}
    for line in rows:
        for k, name in names.items():
            c, m = line["crated"][k], line["mpd"][k]
            print(f"{line['album']:5} {name:34} {fmt(c and c / 1e9, 3):>11} {fmt(m and m / 1e9, 3):>9} "
                  f"{fmt(line['ratio_' + k]):>10}")
    print(f"\nAbove the decode floor ({w} decoded by decode_floor: libFLAC or libmpg123 alone; "
          f"each player's {w} of playback with buffers full, less that):")
    print(f"{'album':5} {'floor (G)':>10} {'crated (G)':>11} {'over':>7} {'x floor':>8} "
          f"{'mpd (G)':>9} {'over':>7} {'x floor':>8} {'crated/mpd over':>16}")
    for line in rows:
        c, m = line["crated"], line["mpd"]
        print(f"{line['album']:5} {line['floor'] / 1e9:>10.3f} {fmt(c['steady'] and c['steady'] / 1e9, 3):>11} "
              f"{fmt(c['over_floor'] and c['over_floor'] / 1e9, 3):>7} {fmt(c['times_floor']):>8} "
              f"{fmt(m['steady'] and m['steady'] / 1e9, 3):>9} {fmt(m['over_floor'] and m['over_floor'] / 1e9, 3):>7} "
              f"{fmt(m['times_floor']):>8} {fmt(line['ratio_over_floor']):>16}")
    if res["spread"] is not None:
        print(f"largest spread of a case over {args.reps} rounds: {100 * res['spread']:.1f} %")
    for e in res["errors"]:
        print(f"note: {e}")
    with open(args.out, "w") as f:
        json.dump(res, f, indent=2)
    print(f"\nwrote {args.out}")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
