"""What the power-cut test's guest half shares: durable writes of its own records, a
client for crated's control socket, the marks the host watches on the serial line,
and PASS/FAIL reporting.

The test's own records must survive the cut as surely as crated's data, or a check
could blame crated for a note the test lost: every record is appended or replaced
with fsync of the file and of its directory.
"""
import json
import os
import socket
import subprocess
import time

VM = "/var/lib/crate-vm"
PC = VM + "/powercut"          # the test's state across boots
OUT = VM + "/results"          # what the host reads out of the image
SNAP = "/run/crate-powercut"   # state as the cut left it, copied before crated starts
STATE = "/var/lib/crate"
SOCKET = "/run/crate/crate.sock"
KINDS = ("scan", "plex", "play")


def kind_of(cut):
    return KINDS[(cut - 1) % len(KINDS)]


def _sync_dir(path):
    fd = os.open(os.path.dirname(path) or ".", os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def append(path, line):
    """Appends one line and returns once it is on disk."""
    new = not os.path.exists(path)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (line.rstrip("\n") + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    if new:
        _sync_dir(path)


def replace(path, text):
    """Replaces a file whole: temporary file, fsync, rename, fsync of the directory."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.rename(tmp, path)
    _sync_dir(path)


def read_json(path, default):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return default


def lines(path):
    try:
        with open(path) as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def log(text):
    print(time.strftime("%H:%M:%S"), text, flush=True)


def mark(what, cut, kind, detail=""):
    """A line on the serial console, which the host reads as it is written (no page
    cache in between): WINDOW opens the cut's delay, BUSY/IDLE say whether the write
    was still going, so the host can tell a cut that missed its window."""
    with open("/dev/ttyS0", "w") as tty:
        tty.write(f"\nPOWERCUT-{what} cut={cut} kind={kind} {detail}\n")
        tty.flush()
    log(f"mark {what} {detail}")


class Report:
    """PASS/FAIL lines for one cut, durable at once (a later cut may end this boot)."""
    def __init__(self, cut, kind):
        self.cut, self.kind, self.failures = cut, kind, 0

    def check(self, ok, text):
        verdict = "PASS" if ok else "FAIL"
        self.failures += 0 if ok else 1
        append(OUT + "/checks", f"{verdict} cut {self.cut:02d} ({self.kind}): {text}")
        log(f"{verdict} {text}")
        return ok


class Crated:
    """One request per connection, as crate-admin does: a JSON line out, a JSON line back."""
    def request(self, cmd, timeout=60, **fields):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(SOCKET)
            s.sendall((json.dumps(dict(cmd=cmd, **fields)) + "\n").encode())
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(65536)
                if not chunk:
                    raise ConnectionError(f"crated closed the connection during {cmd}")
                data += chunk
        return json.loads(data)

    def ok(self, cmd, **fields):
        reply = self.request(cmd, **fields)
        if not reply.get("ok"):
            raise RuntimeError(f"{cmd} {fields}: {reply.get('error')}")
        return reply

    def status(self):
        return self.ok("status")["status"]

    def player(self):
        """(state, current track path or None, position)."""
        p = self.status()["player"]
        index = p.get("currentIndex")
        path = p["tracks"][index]["path"] if index is not None and index < len(p["tracks"]) else None
        return p["state"]["state"], path, p["position"]

    def events(self):
        """A subscribed connection's lines, as dicts, for as long as the caller reads."""
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(SOCKET)
        s.sendall(b'{"cmd":"subscribe"}\n')
        with s.makefile("rb") as f:
            for line in f:
                yield json.loads(line)


def until(seconds, what, probe, interval=0.25):
    """Polls probe() until it returns something true; returns it, or raises TimeoutError."""
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        try:
            last = probe()
            if last:
                return last
        except (OSError, RuntimeError, ValueError) as error:
            last = error
        time.sleep(interval)
    raise TimeoutError(f"timed out after {seconds} s waiting for {what} (last: {last})")


def crated_ready():
    active = subprocess.run(["systemctl", "is-active", "--quiet", "crated"]).returncode == 0
    return active and Crated().request("ping", timeout=5).get("ok")
