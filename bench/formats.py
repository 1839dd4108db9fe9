#!/usr/bin/env python3
"""Decode throughput per format: crate-bench against each format's own command-line
decoder (and ffmpeg) on the same files.

Called by formats.sh once the files and crate-bench exist; see README.md ("formats.sh").
Every run is a whole process: start-up, opening the file, decoding to the end, writing
the PCM to /dev/null (crate-bench discards it). It is timed by its CPU time (user +
system, from wait4, microseconds): on this shared box other work stretches wall time, not
a process's own CPU time.

Each format has a 60 s file and a 1 s one. The figure is the decoder's own speed, with
start-up and opening cancelled out: (60 s - 1 s of audio) / (best CPU time on the 60 s
file - best on the 1 s file), best of REPS interleaved runs. ffmpeg, for one, spends
about 70 ms of CPU starting (linking its libraries, probing) before it decodes anything,
as much as decoding the whole 60 s MP3 takes. The whole-process figure (60 s file alone)
is printed and kept in the JSON too.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import finish_report, fmt  # noqa: E402

FFMPEG = ["ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-i", "{}", "-f", "null", "-"]

# (label, file stem and suffix, the format's own decoder: name and argv ({} = the file))
FORMATS = [
    ("MP3 192 kb/s, 44.1 kHz", "mp3", "mp3", "mpg123", ["mpg123", "-q", "-O", "/dev/null", "{}"]),
    ("FLAC 16/44.1", "flac-16-44", "flac", "flac -d", ["flac", "-d", "-s", "-c", "{}"]),
    ("FLAC 24/96", "flac-24-96", "flac", "flac -d", ["flac", "-d", "-s", "-c", "{}"]),
    ("Vorbis q5, 44.1 kHz", "vorbis", "ogg", "oggdec", ["oggdec", "-Q", "-o", "/dev/null", "{}"]),
    ("Opus 128 kb/s", "opus", "opus", "opusdec", ["opusdec", "--quiet", "{}", "/dev/null"]),
    # faad2's own tool: the library crated wraps for AAC, so the nearest floor for it.
    ("AAC 192 kb/s, M4A", "aac", "m4a", "faad", ["faad", "-q", "-o", "/dev/null", "{}"]),
    # No ALAC tool in Debian but ffmpeg's decoder; crated's is its own Swift code.
    ("ALAC 16/44.1, M4A", "alac", "m4a", "ffmpeg", FFMPEG),
]
LENGTHS = (60, 1)


def run(argv):
    """Run argv to its end, stdout to /dev/null (crate-bench's JSON line kept): a dict of
    its CPU and wall seconds (and crate-bench's answer)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        keep = argv[0].endswith("crate-bench")
        t0 = time.monotonic()
        proc = subprocess.Popen(argv, stdout=out if keep else subprocess.DEVNULL, stderr=err)
        # wait4 rather than wait(): the rusage of exactly this child.
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if proc.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"{' '.join(argv)}: exit {proc.returncode}: "
                               f"{err.read().decode(errors='replace')[-300:]}")
        r = {"cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": wall}
        if keep:
            out.seek(0)
            r["crate_bench"] = json.loads(out.read())
        return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="directory with crate-bench")
    ap.add_argument("--music", required=True, help="the files, STEM-60.SUFFIX and STEM-1.SUFFIX")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--results", required=True)
    args = ap.parse_args()
    bench = os.path.join(args.bin, "crate-bench")
    res = {"reps": args.reps, "formats": {}, "errors": []}
    with open("/proc/loadavg") as f:
        res["loadavg_start"] = float(f.read().split()[0])

    # Per format and length: the decoders to run, each one's runs.
    plan = {}
    for label, stem, suffix, tool, argv in FORMATS:
        entry = res["formats"][label] = {"own_tool": tool, "audio_seconds": {}, "runs": {}}
        for length in LENGTHS:
            path = os.path.join(args.music, f"{stem}-{length}.{suffix}")
            argvs = {"crate": [bench, "decode", path], tool: [a.replace("{}", path) for a in argv],
                     "ffmpeg": [a.replace("{}", path) for a in FFMPEG]}
            plan[(label, length)] = argvs
            entry["runs"][str(length)] = {k: [] for k in argvs}
    for rep in range(args.reps):
        print(f"round {rep + 1}/{args.reps}…", flush=True)
        for (label, length), argvs in plan.items():
            entry = res["formats"][label]
            for key, argv in argvs.items():
                try:
                    r = run(argv)
                except Exception as e:
                    res["errors"].append(f"{label}, {length} s, {key}: {e}")
                    continue
                if "crate_bench" in r:
                    entry["audio_seconds"][str(length)] = r["crate_bench"]["audio_seconds"]
                entry["runs"][str(length)][key].append(r)
    with open("/proc/loadavg") as f:
        res["loadavg_end"] = float(f.read().split()[0])

    def best_cpu(entry, length, key):
        runs = entry["runs"][str(length)].get(key, [])
        return min(r["cpu_s"] for r in runs) if runs else None

    def speeds(entry, key):
        """(x real time with start-up cancelled, x real time of the whole 60 s process)."""
        long_, short = best_cpu(entry, 60, key), best_cpu(entry, 1, key)
        a = entry["audio_seconds"]
        if long_ is None or short is None or "60" not in a or "1" not in a or long_ <= short:
            return None, None
        return (a["60"] - a["1"]) / (long_ - short), a["60"] / long_

    rows = []
    for label, _, _, tool, _ in FORMATS:
        e = res["formats"][label]
        e["x_realtime"] = {k: speeds(e, k)[0] for k in ("crate", tool, "ffmpeg")}
        e["x_realtime_whole_process"] = {k: speeds(e, k)[1] for k in ("crate", tool, "ffmpeg")}
        c, o, f = (e["x_realtime"][k] for k in ("crate", tool, "ffmpeg"))
        cw, ow = e["x_realtime_whole_process"]["crate"], e["x_realtime_whole_process"][tool]
        ratio = lambda x, y: None if x is None or not y else x / y  # noqa: E731
        rows.append({"format": label, "crate": c, "tool": tool, "tool_x": o, "ratio": ratio(c, o),
                     "ffmpeg_x": f, "ratio_ffmpeg": ratio(c, f), "crate_whole": cw, "tool_whole": ow,
                     "ratio_whole": ratio(cw, ow)})
    res["metrics"] = rows
    head = ["format", "Crate", "own decoder", "x RT", "Crate/own", "ffmpeg", "Crate/ffmpeg",
            "whole process: Crate", "own", "ratio"]
    body = [[r["format"], fmt(r["crate"], 0), r["tool"], fmt(r["tool_x"], 0), fmt(r["ratio"]),
             fmt(r["ffmpeg_x"], 0), fmt(r["ratio_ffmpeg"]), fmt(r["crate_whole"], 0),
             fmt(r["tool_whole"], 0), fmt(r["ratio_whole"])] for r in rows]
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    print(f"\naudio seconds per CPU second (start-up cancelled: 60 s file minus 1 s file), "
          f"best of {args.reps}")
    for cells in [head] + body:
        print(" | ".join(c.ljust(w) for c, w in zip(cells, widths)))
    print(f"load average: {res['loadavg_start']:.2f} at start, {res['loadavg_end']:.2f} at end")
    finish_report(res, args.results)


if __name__ == "__main__":
    main()
