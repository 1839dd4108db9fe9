"""What the two benchmarks share: measure.py / players.py (run.sh) and library.py
(library.sh).

  cpu_seconds, mem_kib,    a process's CPU time and memory, per thread and per mapping
  thread_cpu_*, rss_by_*   (procstat.py, re-exported)
  connect                  wait for a daemon's Unix socket to answer
  free_port                a TCP port on loopback nothing listens on
  Timing                   how long to wait for a daemon, and for its answers
  Daemon                   spawn a daemon (log file, pid file for the shell's trap), stop it
  CrateDaemon              crated's control protocol (JSON lines) on one connection to it
  MpdDaemon                an mpd started on its own config, and MPD's text protocol on one
                           connection to it (greeting, reply, cmd, status, stats)
  mpd_conf                 the part of MPD's config both benchmarks run it with
  row, fmt, print_table    the Crate / MPD / ratio / target table
  finish_report            the notes, then the results JSON
"""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections import namedtuple

# The /proc readers live in procstat.py; re-exported here for the measuring scripts.
from procstat import (RSS_PARTS, cpu_seconds, mem_kib, rss_by_mapping,  # noqa: E402,F401
                      thread_cpu_per_60s, thread_cpu_seconds)


# --- crated's control socket and the stand-ins' HTTP ------------------------------------

def unix_request(sock_path, **req):
    """One JSON-lines request to crated's control socket on a fresh connection; the reply."""
    s = socket.socket(socket.AF_UNIX)
    s.connect(sock_path)
    s.sendall((json.dumps(req) + "\n").encode())
    data = b""
    while not data.endswith(b"\n"):
        chunk = s.recv(1 << 20)
        if not chunk:
            break
        data += chunk
    s.close()
    return json.loads(data)


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def post_json(url, body):
    """POST `body` as JSON (the Plex stand-in's control endpoints)."""
    urllib.request.urlopen(urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")).read()


def plex_fixture(root):
    """The Plex stand-in (Tests/Fixtures/plex_fixture.py) on a free port: (process, base URL).
    It exits when its stdin is closed (`stop_plex_bench`)."""
    fixture = subprocess.Popen([sys.executable, os.path.join(root, "Tests/Fixtures/plex_fixture.py")],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    return fixture, "http://127.0.0.1:%d" % int(fixture.stdout.readline())


def wait_for_socket(sock_path, tries=100, pause=0.05):
    """Until crated's control socket exists (a fresh daemon makes it within a few seconds)."""
    for _ in range(tries):
        if os.path.exists(sock_path):
            return
        time.sleep(pause)


def plex_wait(sock_path, cond, timeout=600):
    """Polls `plex-status` until `cond(plex)` holds; the status then."""
    end = time.time() + timeout
    while time.time() < end:
        reply = unix_request(sock_path, cmd="plex-status")
        if cond(reply.get("plex", {})):
            return reply["plex"]
        time.sleep(0.05)
    raise SystemExit("timed out")


def plex_sign_in(sock_path, url):
    """crated signs in to the stand-in by PIN, approved at once."""
    unix_request(sock_path, cmd="plex-login")
    post_json(url + "/__fixture/approve", {})
    plex_wait(sock_path, lambda p: p.get("auth") == "signed-in")


def stop_plex_bench(crated, fixture, work):
    """crated stopped, the stand-in ended, the work directory gone."""
    crated.terminate()
    crated.wait()
    fixture.stdin.close()
    fixture.wait()
    subprocess.run(["rm", "-rf", work])


# --- daemons -----------------------------------------------------------------------------

# connect: how long a fresh daemon may take to answer, and how often to try; io: the socket
# timeout of an open connection; stop: how long close() waits after TERM before KILL.
Timing = namedtuple("Timing", "connect poll io stop")


def connect(path, proc, timing):
    """A connection to the Unix socket `path` once the daemon `proc` listens on it."""
    deadline = time.monotonic() + timing.connect
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with status {proc.returncode}")
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect(path)
            s.settimeout(timing.io)
            return s
        except OSError:
            s.close()
            time.sleep(timing.poll)
    raise RuntimeError(f"nothing answers on {path} after {timing.connect:.0f} s")


class Daemon:
    """A daemon of ours. spawn() leaves RUNDIR/NAME.log and RUNDIR/NAME.pid (the pid file
    is what the shell script's trap kills, should this process not get to close())."""
    name = "?"
    timing = Timing(connect=20.0, poll=0.05, io=60, stop=5)

    def spawn(self, argv, rundir, env=None):
        self.log_path = os.path.join(rundir, f"{self.name}.log")
        with open(self.log_path, "ab") as logf:
            self.proc = subprocess.Popen(argv, stdout=logf, stderr=subprocess.STDOUT, env=env,
                                         start_new_session=True)
        self.pid = self.proc.pid
        self.pidfile = os.path.join(rundir, f"{self.name}.pid")
        with open(self.pidfile, "w") as f:
            f.write(f"{self.pid}\n")
        self.socks = []  # closed by close()

    def connect(self, keep=True):
        """A connection to self.sockpath; close() closes it unless keep is false."""
        s = connect(self.sockpath, self.proc, self.timing)
        if keep:
            self.socks.append(s)
        return s

    def open(self):
        """The daemon's main connection: self.sock, read through self.file."""
        self.sock = self.connect()
        self.file = self.sock.makefile("rb")

    def send(self, data):
        self.sock.sendall(data)

    def close(self):
        if getattr(self, "proc", None) is None:  # never spawned
            return
        for s in self.socks:
            try:
                s.close()
            except OSError:
                pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(self.timing.stop)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if os.path.exists(self.pidfile):
            os.unlink(self.pidfile)


def unlink_stale(path):
    if os.path.exists(path):
        os.unlink(path)


class CrateDaemon(Daemon):
    """crated on self.sockpath, and its control protocol (a JSON object a line each way)
    on the connection open() opened."""
    name = "crated"

    def reply(self):
        line = self.file.readline()
        if not line:
            raise RuntimeError("crated closed the control connection")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError(f"crated: {answer.get('error', line)}")
        return answer

    def cmd(self, request):
        self.send(json.dumps(request).encode() + b"\n")
        return self.reply()


# --- MPD ---------------------------------------------------------------------------------

def mpd_conf(sockpath, log_file, settings="", output="", disabled=("mad", "ffmpeg")):
    """MPD's config as both benchmarks run it: on a Unix socket, no zeroconf, a connection
    timeout no measuring window reaches (we stay silent through a 60 s window), and only
    mpg123 decoding MP3, as in crated. `settings` (lines) and `output` (the audio_output
    block) are the caller's. `disabled`: the decoder plugins turned off; a library with
    M4A needs ffmpeg on (MPD has no other reader for AAC/ALAC in MP4), which leaves MP3 to
    mpg123 still, as MPD tries its plugins in its own order and mpg123 comes first."""
    return (settings
            + f'bind_to_address "{sockpath}"\n'
            f'log_file "{log_file}"\n'
            'zeroconf_enabled "no"\n'
            'connection_timeout "3600"\n'
            + "".join(f'decoder {{\n  plugin "{p}"\n  enabled "no"\n}}\n' for p in disabled)
            + output)


class MpdDaemon(Daemon):
    """mpd on self.sockpath, and MPD's text protocol on the connection start_mpd() opens."""
    name = "mpd"

    def start_mpd(self, conf, rundir, env=None):
        unlink_stale(self.sockpath)
        self.spawn(["mpd", "--no-daemon", conf], rundir, env)
        self.open()
        greeting = self.file.readline()
        if not greeting.startswith(b"OK MPD"):
            raise RuntimeError(f"unexpected MPD greeting {greeting!r}")

    def reply(self):
        """The lines of one answer, up to its OK; an ACK raises."""
        lines = []
        while True:
            line = self.file.readline().decode().rstrip("\n")
            if line == "OK":
                return lines
            if line.startswith("ACK") or not line:
                raise RuntimeError(f"MPD: {line or 'connection closed'}")
            lines.append(line)

    def cmd(self, line):
        self.send(line.encode() + b"\n")
        return self.reply()

    def status(self):
        return dict(l.split(": ", 1) for l in self.cmd("status"))

    def stats(self):
        return dict(l.split(": ", 1) for l in self.cmd("stats"))


# --- report ------------------------------------------------------------------------------

def row(metric, unit, crate, mpd, target, rule):
    """One line of the table; rule(crate, ratio) -> pass, or None for "info"."""
    ratio = crate / mpd if crate is not None and mpd else None
    if rule is None or crate is None or (ratio is None and "ratio" in target):
        ok = None
    else:
        ok = rule(crate, ratio)
    return {"metric": metric, "unit": unit, "crate": crate, "mpd": mpd, "ratio": ratio,
            "target": target, "pass": ok}


def fmt(v, digits=2, small_digits=None):
    """v with `digits` decimals; with small_digits, a non-zero |v| < 0.01 gets that many."""
    if v is None:
        return "—"
    if small_digits is not None and v != 0 and abs(v) < 0.01:
        digits = small_digits
    return f"{v:.{digits}f}"


def print_table(rows, small_digits=None):
    head = ["metric", "Crate", "MPD", "ratio", "target", "result"]
    f = lambda v: fmt(v, small_digits=small_digits)  # noqa: E731
    body = [[f"{r['metric']} ({r['unit']})", f(r["crate"]), f(r["mpd"]), f(r["ratio"]),
             r["target"], {True: "pass", False: "FAIL", None: "—"}[r["pass"]]] for r in rows]
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    line = lambda cells: " | ".join(c.ljust(w) for c, w in zip(cells, widths))  # noqa: E731
    print(line(head))
    print("-+-".join("-" * w for w in widths))
    for b in body:
        print(line(b))


def finish_report(res, path):
    """Print res["errors"] as notes, write res to `path` as JSON, and say so."""
    for e in res["errors"]:
        print(f"note: {e}")
    with open(path, "w") as f:
        json.dump(res, f, indent=2)
    print(f"\nwrote {path}")
