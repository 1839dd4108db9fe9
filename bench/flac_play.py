#!/usr/bin/env python3
"""FLAC playback: crated against MPD (its flac plugin) at 16/44.1 and at 24/96.

Called by flac.sh once the albums exist; see README.md ("flac.sh"). For each case a jackd
(dummy backend) runs at the album's own rate, so nothing is resampled, and three players
play the album in turn through the same `benchjack` PCM, measured as run.sh measures MP3
playback (measure.realtime: CPU per 60 s window after a warm-up, RSS every 0.25 s):
  MPD     its ALSA output, 4 periods of 1024 frames as crated (in µs at that rate);
  crated  `sample_format` auto: S16_LE for 16-bit sources, S32_LE for 24-bit ones;
  aplay   a WAV of the album's PCM already decoded (S16_LE, or S32_LE holding the 24 bits
          as crated writes them), from the page cache: what the rig itself costs a player
          (the plug conversion to float and the ALSA jack plugin's client thread run
          inside the player), so what each player adds on top of it shows beside it.
"""
import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jackmon  # noqa: E402
from benchlib import Daemon, finish_report, fmt, print_table, row  # noqa: E402
from measure import admin_status, realtime, run_player  # noqa: E402
from players import Crate, Mpd  # noqa: E402

PERIOD = 1024
# A window with this many silent JACK cycles or more is disturbed: the player (or the rig's
# client thread) was starved by other work on the box, and the recovery costs CPU of its
# own (47 silent cycles once took MPD from 1.1-1.3 to 1.9 s per 60 s). It is measured
# again, up to --retries times. One or two isolated silent cycles happen on a quiet box
# too, with crated's own underrun count at 0: those are the rig's, not the player's.
DISTURBED = 3
# (label, JACK rate, file tag): the albums are MUSIC/trackN-TAG.flac, the floor MUSIC/floor-TAG.wav.
CASES = [("16/44.1", 44100, "16-44"), ("24/96", 96000, "24-96")]


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


class Jackd(Daemon):
    """jackd on the dummy backend at `rate`: the clock that paces the players."""
    name = "jackd"

    def __init__(self, rundir, env, rate):
        self.spawn(["jackd", "-R", "-d", "dummy", "-r", str(rate), "-p", str(PERIOD)], rundir, env)
        for _ in range(100):
            if subprocess.run(["jack_lsp"], env=env, capture_output=True).returncode == 0:
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.close()
        raise RuntimeError(f"jackd at {rate} Hz did not start (log {self.log_path})")


class Aplay(Daemon):
    """aplay on the same PCM with crated's geometry, behind the interface realtime() drives.
    At crated's real-time priority (SCHED_FIFO 40): crated's writer thread and MPD's output
    thread both run real-time, and without it aplay underruns whenever the box is busy."""
    name = "aplay"

    def __init__(self, rundir, env, device, wav):
        self.rundir, self.env, self.wav = rundir, env, wav
        self.argv = ["chrt", "-f", "40", "aplay", "-q", "-D", device, f"--period-size={PERIOD}",
                     f"--buffer-size={4 * PERIOD}", wav]

    def queue(self, _paths):
        pass

    def start_request(self):
        return None

    def send(self, _request):
        self.spawn(self.argv, self.rundir, self.env)

    def reply(self):
        pass

    def stop(self):
        self.close()


def log_from(path, offset):
    """What a log file got after `offset` bytes."""
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


def rss_by_mapping(pid, top=12):
    """Where a player's RSS is: KiB per mapped file ("[anon]" for anonymous memory, JACK's
    shared memory under its /dev/shm name), the biggest first, from /proc/PID/smaps."""
    total, name = {}, "[anon]"
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                name = head[5] if len(head) > 5 else "[anon]"
            elif head[0] == "Rss:":
                total[name] = total.get(name, 0) + int(head[1])
    return dict(sorted(total.items(), key=lambda kv: -kv[1])[:top])


def rt_threads(pid):
    """The player's threads that run real-time: {"name (tid)": "FIFO 40"}."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:  # the thread ended meanwhile
            continue
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat.rsplit(")", 1)[1].split()
        prio, policy = int(fields[37]), int(fields[38])  # stat fields 40 and 41
        if policy in (1, 2):
            out[f"{name} ({tid})"] = f"{'FIFO' if policy == 1 else 'RR'} {prio}"
    return out


def probe(pid, **more):
    """What is read while the player still plays, after the CPU window closed."""
    return more | {"rss_by_mapping_kib": rss_by_mapping(pid), "rt_threads": rt_threads(pid)}


def play_case(args, env, label, rate, tag, res):
    rundir = os.path.join(args.out, "run")
    music = [os.path.join(args.music, f"track{i}-{tag}.flac") for i in (1, 2, 3)]
    case = res["cases"].setdefault(label, {"rate": rate})
    jackd = Jackd(rundir, env, rate)
    try:
        mon = jackmon.Monitor()
        try:
            case["jack"] = {"period_frames": mon.period, "rate": mon.rate}

            def mpd_measure(p):
                plugins = p.decoders("flac")
                if plugins != ["flac"]:
                    raise RuntimeError(f"MPD would decode FLAC with {plugins}, not only its flac plugin")
                r = realtime(p, mon, music, args.warmup, args.window,
                             lambda: probe(p.pid, mpd_status_audio=p.status().get("audio")))
                return r | {"decoders": plugins}

            def crate_measure(p):
                return realtime(p, mon, music, args.warmup, args.window,
                                lambda: probe(p.pid, crate_admin_output=admin_status(args.bin, p.sockpath)))

            mpd_log = os.path.join(rundir, "mpd.log")
            offset = size(mpd_log)
            players = [
                # verbose: MPD then logs the sample format its ALSA output opened the PCM with.
                ("mpd", lambda: Mpd(rundir, env, args.device, rate=rate, period=PERIOD,
                                    settings='log_level "verbose"\n'), mpd_measure),
                ("crate", lambda: Crate(rundir, env, args.bin, args.device), crate_measure),
                ("aplay", lambda: Aplay(rundir, env, args.device,
                                        os.path.join(args.music, f"floor-{tag}.wav")),
                 lambda p: realtime(p, mon, music, args.warmup, args.window, lambda: probe(p.pid))),
            ]
            by_key = {key: (make, measure) for key, make, measure in players}
            for key in args.players:
                make, measure = by_key[key]
                if key == "crate" and not args.bin:
                    continue
                print(f"FLAC {label}: {key}…", flush=True)
                tries = []
                while True:
                    la = loadavg()
                    r = run_player(f"{key} {label}", make, measure, res)
                    r["loadavg_before"], r["loadavg_after"] = la, loadavg()
                    silent = r.get("silent_jack_cycles_in_window") or 0
                    if silent < DISTURBED or len(tries) >= args.retries:
                        break
                    print(f"  {silent} silent JACK cycles: disturbed (CPU "
                          f"{r['cpu_s_per_60s']:.2f} s per 60 s), again", flush=True)
                    tries.append({k: r[k] for k in ("cpu_s_per_60s", "silent_jack_cycles_in_window",
                                                    "loadavg_before", "loadavg_after")})
                case[key] = r
                if tries:
                    r["disturbed_tries"] = tries
                if key == "mpd":
                    formats = re.findall(r"alsa_output: format=(\S+)", log_from(mpd_log, offset))
                    case[key]["alsa_format_from_log"] = sorted(set(formats))
                r = case[key]
                if r.get("cpu_s_per_60s") is not None:
                    print(f"  CPU {r['cpu_s_per_60s']:.2f} s per 60 s, RSS without JACK shm "
                          f"{r['rss_own_max_mib']:.1f} MiB, silent cycles "
                          f"{r['silent_jack_cycles_in_window']}, load {la:.2f}", flush=True)
        finally:
            mon.close()
    finally:
        jackd.close()


def table(res):
    """The rows: per case CPU (and above aplay's), then the 24/96 album's RSS."""
    rows, cpu = [], "cpu_s_per_60s"
    for label, _, _ in CASES:
        case = res["cases"].get(label, {})
        c, m, a = case.get("crate", {}), case.get("mpd", {}), case.get("aplay", {})
        rows.append(row(f"CPU per 60 s of playback, FLAC {label}", "s", c.get(cpu), m.get(cpu),
                        "ratio <= 0.5", lambda v, r: r is not None and r <= 0.5))
        if a.get(cpu) is not None:
            above = lambda r: None if r.get(cpu) is None else r[cpu] - a[cpu]  # noqa: E731
            rows.append(row(f"  same, above the rig's {a[cpu]:.2f} s (aplay, WAV in RAM)", "s",
                            above(c), above(m), "info", None))

    def part(r, name):  # a part of VmRSS at its peak
        peak = r.get("rss_at_max_kib")
        return peak[name] / 1024 if peak else None

    big, small = res["cases"].get("24/96", {}), res["cases"].get("16/44.1", {})
    c, m = big.get("crate", {}), big.get("mpd", {})
    return rows + [
        row("max RSS playing FLAC 24/96, without JACK shm", "MiB", c.get("rss_own_max_mib"),
            m.get("rss_own_max_mib"), "ratio <= 0.3", lambda v, r: r is not None and r <= 0.3),
        row("  of which anonymous (heap, stacks, buffers)", "MiB", part(c, "RssAnon"),
            part(m, "RssAnon"), "info", None),
        row("  of which file pages (binary, libraries)", "MiB", part(c, "RssFile"),
            part(m, "RssFile"), "info", None),
        row("  max VmRSS playing FLAC 24/96, as is", "MiB", c.get("rss_max_mib"), m.get("rss_max_mib"),
            "info", None),
        row("  max RSS playing FLAC 16/44.1, without JACK shm", "MiB",
            small.get("crate", {}).get("rss_own_max_mib"), small.get("mpd", {}).get("rss_own_max_mib"),
            "info", None),
    ]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="bench/out/flac (run/ holds logs and pid files)")
    ap.add_argument("--music", required=True, help="the FLAC albums and the floor WAVs")
    ap.add_argument("--bin", help="directory with crated and crate-admin (none: MPD and aplay only)")
    ap.add_argument("--results", required=True, help="the JSON to write")
    ap.add_argument("--device", default="benchjack")
    ap.add_argument("--warmup", type=float, default=5.0)
    ap.add_argument("--window", type=float, default=60.0)
    ap.add_argument("--cases", default=",".join(c[0] for c in CASES),
                    help="which albums, e.g. 24/96 (to measure one number again)")
    ap.add_argument("--players", default="mpd,crate,aplay", help="which players, in this order")
    ap.add_argument("--retries", type=int, default=2, help="times a disturbed window is taken again")
    args = ap.parse_args()
    env = dict(os.environ)  # ALSA_CONFIG_PATH and JACK_DEFAULT_SERVER from flac.sh
    args.players = args.players.split(",")

    res = {"cases": {}, "errors": [], "loadavg_start": loadavg(), "window_s": args.window}
    res["mpd_version"] = subprocess.run(["mpd", "--version"], capture_output=True,
                                        text=True).stdout.splitlines()[0]
    for label, rate, tag in CASES:
        if label in args.cases.split(","):
            play_case(args, env, label, rate, tag, res)
    res["loadavg_end"] = loadavg()

    res["metrics"] = rows = table(res)
    print()
    print_table(rows)
    for label, case in res["cases"].items():
        out = case.get("crate", {}).get("crate_admin_output", {})
        print(f"FLAC {label}: crated wrote {out.get('sampleFormat', '?')}; MPD played "
              f"{case.get('mpd', {}).get('mpd_status_audio', '?')} and opened the PCM with "
              f"{', '.join(case.get('mpd', {}).get('alsa_format_from_log', [])) or '?'}")
        for key in ("crate", "mpd", "aplay"):
            r = case.get(key, {})
            silent, again = r.get("silent_jack_cycles_in_window"), len(r.get("disturbed_tries", []))
            if again:
                res["errors"].append(f"{key} {label}: {again} disturbed window(s) taken again")
            if silent:
                res["errors"].append(f"{key} {label}: {silent} silent JACK cycles in the reported window"
                                     + (" (disturbed: run again on a quiet box)" if silent >= DISTURBED else ""))
    print(f"load average: {res['loadavg_start']:.2f} at start, {res['loadavg_end']:.2f} at end "
          "(the box is shared)")
    finish_report(res, args.results)


if __name__ == "__main__":
    main()
