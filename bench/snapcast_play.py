#!/usr/bin/env python3
"""snapcast.sh's measuring half: snapserver and one room (snapclient playing into a file)
on loopback, crated sending into the stream; press -> first sample in the room, and
crated's CPU per 60 s on the snapcast output and on the plain ALSA output."""
import argparse
import json
import os
import random
import statistics
import subprocess
import time

from benchlib import free_port

CLK_TCK = os.sysconf("SC_CLK_TCK")
BYTES_PER_SECOND = 44100 * 4  # the stream: 44100:16:2


class Procs:
    """Every process started, with a pid file for snapcast.sh's trap; stopped by pid."""

    def __init__(self, run):
        self.run, self.procs = run, []

    def start(self, name, args, **kw):
        log = open(os.path.join(self.run, name + ".log"), "w")
        p = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, **kw)
        with open(os.path.join(self.run, name + ".pid"), "w") as f:
            f.write(str(p.pid))
        self.procs.append((name, p))
        return p

    def stop(self, proc):
        for name, p in list(self.procs):
            if p is proc:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
                os.remove(os.path.join(self.run, name + ".pid"))
                self.procs.remove((name, p))

    def stop_all(self):
        for _, p in list(reversed(self.procs)):
            self.stop(p)


class Crated:
    def __init__(self, procs, bindir, run, name, audio):
        self.bindir, self.dir = bindir, os.path.join(run, name)
        os.makedirs(self.dir, exist_ok=True)
        self.sock = os.path.join(self.dir, "crate.sock")
        conf = os.path.join(self.dir, "crate.toml")
        with open(conf, "w") as f:
            f.write(f'state_dir = "{self.dir}/state"\n[control]\nsocket = "{self.sock}"\n'
                    f'[library]\npaths = []\n[log]\nlevel = "info"\n{audio}\n')
        self.proc = procs.start(name, [os.path.join(bindir, "crated"), "--config", conf])
        self.wait(lambda s: True, "crated to answer", 10)

    def admin(self, *args):
        return subprocess.run([os.path.join(self.bindir, "crate-admin"), "--socket", self.sock, *args],
                              capture_output=True, text=True, timeout=15)

    def status(self):
        r = self.admin("--json", "status")
        if r.returncode != 0:
            return None
        body = json.loads(r.stdout)
        player = body.get("status", body)["player"]
        state = player["state"]
        player["state"] = state.get("state") if isinstance(state, dict) else state
        return player

    def wait(self, cond, what, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            s = self.status()
            if s is not None and cond(s):
                return s
            time.sleep(0.02)
        raise RuntimeError(f"timed out waiting for {what}")

    def cpu_seconds(self):
        fields = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK


def cpu_per_minute(crated, album, window):
    if crated.admin("play", album).returncode != 0:
        raise RuntimeError("play refused")
    crated.wait(lambda s: s["state"] == "playing" and s["position"] > 5, "5 s of playback", 30)
    c0, t0 = crated.cpu_seconds(), time.monotonic()
    time.sleep(window)
    c1, t1 = crated.cpu_seconds(), time.monotonic()
    status = crated.status()
    crated.admin("stop")
    return (c1 - c0) * 60 / (t1 - t0), status["output"]


def room_quiet(capture, seconds=0.3):
    size = os.path.getsize(capture)
    n = int(seconds * BYTES_PER_SECOND) // 4 * 4
    with open(capture, "rb") as f:
        f.seek(max(0, size - n))
        return not any(f.read())


def first_sound_after(capture, offset, timeout=10):
    """Polls the room's file from `offset` for the first non-zero sample: when it was seen."""
    end = time.monotonic() + timeout
    with open(capture, "rb") as f:
        f.seek(offset)
        while time.monotonic() < end:
            chunk = f.read()
            if chunk and any(chunk):
                return time.monotonic()
            time.sleep(0.001)
    return None


def press_latency(crated, capture, album, reps):
    crated.admin("play", album)
    crated.wait(lambda s: s["state"] == "playing" and s["position"] > 1, "playing", 30)
    samples = []
    for _ in range(reps):
        crated.admin("input", "press", "play")  # pause
        crated.wait(lambda s: s["state"] == "paused", "paused")
        end = time.monotonic() + 10
        while not room_quiet(capture):
            if time.monotonic() > end:
                raise RuntimeError("the room does not go quiet after a pause")
            time.sleep(0.05)
        time.sleep(random.uniform(0.3, 0.6))
        offset = os.path.getsize(capture)
        t0 = time.monotonic()
        crated.admin("input", "press", "play")  # resume: the measured press
        t1 = first_sound_after(capture, offset)
        samples.append(None if t1 is None else (t1 - t0) * 1000)
        time.sleep(1.5)
    crated.admin("stop")
    return samples


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", required=True)
    ap.add_argument("--music", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--window", type=float, default=60)
    ap.add_argument("--buffer", type=int, default=1000)
    ap.add_argument("--reps", type=int, default=10)
    a = ap.parse_args()
    procs = Procs(a.run)
    source, stream, control = free_port(), free_port(), free_port()
    os.makedirs(os.path.join(a.run, "snapserver"), exist_ok=True)
    conf = os.path.join(a.run, "snapserver.conf")
    with open(conf, "w") as f:
        f.write(f"[server]\ndatadir = {a.run}/snapserver\n[http]\nenabled = false\n"
                f"[tcp]\nbind_to_address = 127.0.0.1\nport = {control}\n"
                f"[stream]\nbind_to_address = 127.0.0.1\nport = {stream}\n"
                f"source = tcp://127.0.0.1:{source}?name=Crate&mode=server&sampleformat=44100:16:2\n"
                f"buffer = {a.buffer}\n")
    capture = os.path.join(a.run, "room.raw")
    results = {"snapserver_buffer_ms": a.buffer, "window_s": a.window}
    try:
        procs.start("snapserver", ["snapserver", "-c", conf])
        time.sleep(1)
        procs.start("snapclient", ["snapclient", "-h", "127.0.0.1", "-p", str(stream), "--hostID", "bench-room",
                                   "--player", f"file:filename={capture}", "--logsink", "null"])
        albums = {tag: os.path.join(a.music, tag) for tag in ("16-44", "24-96")}

        snap = Crated(procs, a.bin, a.run, "crated-snapcast", f'[snapcast]\nstream = "tcp://127.0.0.1:{source}"\n')
        end = time.time() + 10
        while not os.path.exists(capture) and time.time() < end:
            time.sleep(0.05)
        lat = press_latency(snap, capture, albums["16-44"], a.reps)
        results["press_to_room_ms"] = lat
        for tag, album in albums.items():
            cpu, output = cpu_per_minute(snap, album, a.window)
            results[f"cpu_s_per_60s_snapcast_{tag}"] = cpu
            results[f"output_snapcast_{tag}"] = output.get("conversion") or "untouched"
        procs.stop(snap.proc)

        alsa = Crated(procs, a.bin, a.run, "crated-alsa", '[audio]\ndevice = "null"\npacing = "clock"\n')
        for tag, album in albums.items():
            cpu, _ = cpu_per_minute(alsa, album, a.window)
            results[f"cpu_s_per_60s_alsa_{tag}"] = cpu
        procs.stop(alsa.proc)
    finally:
        procs.stop_all()
    with open(a.results, "w") as f:
        json.dump(results, f, indent=2)
    good = [x for x in results.get("press_to_room_ms", []) if x is not None]
    print(f"press -> first sample in the room (snapserver buffer {a.buffer} ms): median "
          f"{statistics.median(good):.1f} ms, min {min(good):.1f}, max {max(good):.1f} "
          f"({len(good)} of {len(results['press_to_room_ms'])})" if good else "press: no sample reached the room")
    for tag in ("16-44", "24-96"):
        print(f"CPU s per 60 s, {tag}: snapcast {results[f'cpu_s_per_60s_snapcast_{tag}']:.2f} "
              f"({results[f'output_snapcast_{tag}']}), ALSA null {results[f'cpu_s_per_60s_alsa_{tag}']:.2f}")


if __name__ == "__main__":
    main()
