#!/usr/bin/python3
"""The MPD protocol, crated's front end against MPD 0.23 (bench/mpd.sh).

Both daemons run at once on the same music, each on its own TCP port on 127.0.0.1,
each playing the same album to a null sink, and the series alternate between them in
rounds, so load from anything else on the machine falls on both alike:

  round trip      `status` then `currentsong` on one connection, as a client's refresh
  idle wake-up    client A waits in `idle`; client B adds an album or deletes it again
                  (a `playlist` event), or pauses and resumes (`player`); the time from
                  B's send to A reading `changed:`
  idle clients    N more clients connected and waiting in `idle`: the daemon's RSS
                  growth, the round trip meanwhile, and the time until all N are woken
"""
import argparse
import os
import select
import shutil
import socket
import statistics
import time

from benchlib import (Daemon, MpdDaemon, Timing, finish_report, mem_kib, mpd_conf, print_table, row,
                      unlink_stale)

TIMING = Timing(connect=30.0, poll=0.05, io=30, stop=5)


def log(msg):
    print(f"   {msg}", flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One MPD protocol connection over TCP."""

    def __init__(self, port, deadline=30.0):
        end = time.monotonic() + deadline
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMING.io)
                break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.file = self.sock.makefile("rb")
        greeting = self.file.readline()
        if not greeting.startswith(b"OK MPD "):
            raise RuntimeError(f"port {port}: unexpected greeting {greeting!r}")

    def send(self, line):
        self.sock.sendall(line.encode() + b"\n")

    def line(self):
        text = self.file.readline().decode()
        if not text:
            raise RuntimeError("the daemon closed the connection")
        return text.rstrip("\n")

    def reply(self):
        lines = []
        while (text := self.line()) != "OK":
            if text.startswith("ACK"):
                raise RuntimeError(text)
            lines.append(text)
        return lines

    def cmd(self, line):
        self.send(line)
        return self.reply()

    def fields(self, line):
        return dict(l.split(": ", 1) for l in self.cmd(line))

    def close(self):
        self.sock.close()


class Crate(Daemon):
    name = "crated"
    timing = TIMING

    def __init__(self, run, bindir, music, port, idlers):
        self.sockpath = os.path.join(run, "crate.sock")
        state = os.path.join(run, "crate-state")
        shutil.rmtree(state, ignore_errors=True)
        unlink_stale(self.sockpath)
        conf = os.path.join(run, "crate.toml")
        with open(conf, "w") as f:
            f.write(f'state_dir = "{state}"\n\n[control]\nsocket = "{self.sockpath}"\n\n'
                    '[audio]\ndevice = "null"\n\n'
                    f'[library]\npaths = ["{music}"]\n\n'
                    f'[mpd]\nlisten = ["127.0.0.1:{port}"]\nmax_clients = {idlers + 20}\n\n'
                    '[log]\nlevel = "warning"\n')
        self.spawn([os.path.join(bindir, "crated"), "--config", conf], run)


class Mpd(MpdDaemon):
    timing = TIMING

    def __init__(self, run, music, port, idlers):
        self.sockpath = os.path.join(run, "mpd.sock")
        db = os.path.join(run, "mpd.db")
        unlink_stale(db)
        conf = os.path.join(run, "mpd.conf")
        with open(conf, "w") as f:
            f.write(mpd_conf(self.sockpath, os.path.join(run, "mpd.log"),
                             settings=f'music_directory "{music}"\ndb_file "{db}"\n'
                             f'bind_to_address "127.0.0.1"\nport "{port}"\n'
                             f'max_connections "{idlers + 20}"\nlog_level "warning"\n',
                             output='audio_output {\n  type "null"\n  name "null"\n}\n'))
        self.start_mpd(conf, run)


def count_songs(music):
    return sum(1 for _, _, files in os.walk(music) for name in files if name.endswith(".mp3"))


def play_long_album(port, songs, who):
    """Wait for the library to hold every song, then play Bench/Long from its start."""
    c = Client(port)
    end = time.monotonic() + 300
    while int(c.fields("stats").get("songs", 0)) < songs:
        if time.monotonic() > end:
            raise RuntimeError(f"{who}: the library did not reach {songs} songs")
        time.sleep(0.2)
    c.cmd("clear")
    c.cmd('add "Bench/Long"')
    c.cmd("play 0")
    while c.fields("status").get("state") != "play":
        time.sleep(0.05)
    return c


def round_trips(client, reps):
    times = []
    for i in range(reps + 20):
        t0 = time.perf_counter()
        client.cmd("status")
        client.cmd("currentsong")
        if i >= 20:
            times.append((time.perf_counter() - t0) * 1e6)
    return times


def drain_idle(client):
    """Takes the events a client has pending (MPD keeps them until the next `idle`), so
    the next wake-up is the one the measurement caused."""
    while True:
        client.send("idle")
        ready, _, _ = select.select([client.sock], [], [], 0.2)
        if not ready:
            client.cmd("noidle")
            return
        client.reply()


def idle_wakeups(waiter, actor, commands, others=()):
    """ms from the actor sending each of `commands` to the waiter reading `changed:` (and
    to the last of `others` reading it)."""
    first, last = [], []
    for command in commands:
        drain_idle(waiter)  # the others were drained by their last wake-up (or `noidle`)
        for c in (waiter, *others):
            c.send("idle")
        time.sleep(0.02)  # the idles are registered
        t0 = time.perf_counter()
        actor.send(command)
        if not waiter.line().startswith("changed: "):
            raise RuntimeError("the idle client did not wake with a change")
        first.append((time.perf_counter() - t0) * 1e3)
        pending = {c.sock: c for c in others}
        while pending:
            ready, _, _ = select.select(list(pending), [], [], TIMING.io)
            if not ready:
                raise RuntimeError(f"{len(pending)} idle clients never woke")
            for s in ready:
                c = pending[s]
                if c.line().startswith("changed: "):
                    c.reply()
                    del pending[s]
        if others:
            last.append((time.perf_counter() - t0) * 1e3)
        waiter.reply()
        actor.reply()
    return first, last


def album_to_add(music):
    """A short album of the generated library (not the one playing), and its track count."""
    for root, dirs, files in sorted(os.walk(music)):
        dirs.sort()
        tracks = [f for f in files if f.endswith(".mp3")]
        if tracks and "Bench" not in root and not dirs:
            return os.path.relpath(root, music), len(tracks)
    raise RuntimeError("no album to add")


def queue_changes(music, reps):
    """`add` of a short album, then `delete` of its tracks, over and over: a playlist event each."""
    uri, count = album_to_add(music)
    return [f'add "{uri}"' if i % 2 == 0 else f"delete 3:{3 + count}" for i in range(reps)]


def pauses(reps):
    return ["pause 1" if i % 2 == 0 else "pause 0" for i in range(reps)]


def median(xs):
    return statistics.median(xs) if xs else None


def p95(xs):
    return sorted(xs)[int(0.95 * (len(xs) - 1))] if xs else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--music", required=True)
    ap.add_argument("--run", required=True)
    ap.add_argument("--reps", type=int, default=500)
    ap.add_argument("--idlers", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    songs = count_songs(args.music)
    res = {"errors": [], "songs": songs, "idlers": args.idlers, "rounds": args.rounds, "series": {}}
    ports = {"crate": free_port(), "mpd": free_port()}
    daemons = {}
    try:
        log(f"starting MPD and crated on {songs} songs")
        daemons["mpd"] = Mpd(args.run, args.music, ports["mpd"], args.idlers)
        daemons["mpd"].cmd("update")
        daemons["crate"] = Crate(args.run, args.bin, args.music, ports["crate"], args.idlers)
        main_clients = {k: play_long_album(ports[k], songs, k) for k in ports}
        actors = {k: Client(ports[k]) for k in ports}
        series = {k: {"rtt": [], "wake": [], "wake_pause": [], "rtt_idlers": [], "wake_all": [], "rss_growth_kib": []} for k in ports}
        for r in range(args.rounds):
            for k in ("mpd", "crate"):
                s = series[k]
                log(f"round {r + 1}: {k}")
                s["rtt"] += round_trips(main_clients[k], args.reps)
                first, _ = idle_wakeups(main_clients[k], actors[k], queue_changes(args.music, min(args.reps, 40)))
                s["wake"] += first
                first, _ = idle_wakeups(main_clients[k], actors[k], pauses(20))
                s["wake_pause"] += first
                pid = daemons[k].pid
                rss0 = mem_kib(pid)["VmRSS"]
                idlers = [Client(ports[k]) for _ in range(args.idlers)]
                for c in idlers:
                    c.send("idle")
                time.sleep(1.0)
                s["rss_growth_kib"].append(mem_kib(pid)["VmRSS"] - rss0)
                s["rtt_idlers"] += round_trips(main_clients[k], args.reps)
                for c in idlers:
                    c.send("noidle")
                for c in idlers:
                    c.reply()
                _, last = idle_wakeups(main_clients[k], actors[k], queue_changes(args.music, 10), idlers)
                s["wake_all"] += last
                for c in idlers:
                    c.close()
        res["series"] = series
        m = {k: {name: median(v) for name, v in series[k].items()} for k in series}
        tail = {k: p95(series[k]["rtt"]) for k in series}
        le = lambda c, ratio: ratio <= 1.0  # noqa: E731
        res["rows"] = [
            row("status + currentsong round trip, median", "µs", m["crate"]["rtt"], m["mpd"]["rtt"], "≤ 1.0× MPD", le),
            row("status + currentsong round trip, 95th percentile", "µs", tail["crate"], tail["mpd"], "info", None),
            row("idle wake-up after another client's add or delete, median", "ms", m["crate"]["wake"],
                m["mpd"]["wake"], "≤ 1.0× MPD", le),
            row("idle wake-up after another client's pause 1 / pause 0, median", "ms", m["crate"]["wake_pause"],
                m["mpd"]["wake_pause"], "info", None),
            row(f"RSS growth with {args.idlers} idle clients, median of rounds", "KiB",
                m["crate"]["rss_growth_kib"], m["mpd"]["rss_growth_kib"], "info", None),
            row(f"round trip with {args.idlers} idle clients, median", "µs", m["crate"]["rtt_idlers"],
                m["mpd"]["rtt_idlers"], "info", None),
            row(f"all {args.idlers} idle clients woken after an add or delete, median", "ms", m["crate"]["wake_all"],
                m["mpd"]["wake_all"], "info", None),
        ]
        print()
        print_table(res["rows"])
    except Exception as e:  # the table is still written with what was measured
        res["errors"].append(f"{type(e).__name__}: {e}")
        raise
    finally:
        for d in daemons.values():
            d.close()
        for k in ("crate", "mpd"):
            res.setdefault("logs", {})[k] = getattr(daemons.get(k), "log_path", None)
        finish_report(res, os.path.join(args.out, "mpd-results.json"))


if __name__ == "__main__":
    main()
