"""Start, drive and stop the two players under test: crated and MPD.

Both get the same small interface, so the measurements in measure.py do not care which
one they are timing: queue(paths), send(request) / reply(), start_request(),
next_request(), stop(), pid, close().
"""
import json
import os
import socket
import subprocess
import time


def _wait_connect(path, proc, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with status {proc.returncode}")
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(path)
            s.settimeout(60)
            return s
        except OSError:
            s.close()
            time.sleep(0.05)
    raise RuntimeError(f"nothing answers on {path} after {timeout:.0f} s")


class _Daemon:
    name = "?"

    def _spawn(self, argv, rundir, env):
        self.log_path = os.path.join(rundir, f"{self.name}.log")
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=env,
                                     start_new_session=True)
        self.pid = self.proc.pid
        self.pidfile = os.path.join(rundir, f"{self.name}.pid")  # run.sh's trap kills these
        with open(self.pidfile, "w") as f:
            f.write(f"{self.pid}\n")

    def send(self, data):
        self.sock.sendall(data)

    def close(self):
        try:
            self.sock.close()
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.unlink(self.pidfile)


class Mpd(_Daemon):
    name = "mpd"

    def __init__(self, rundir, env, output):
        """output: "null" (no clock: decodes as fast as it can), "jack" (MPD's own JACK
        output, wired like benchjack) or the name of an ALSA PCM."""
        rundir = os.path.abspath(rundir)
        self.sockpath = os.path.join(rundir, "mpd.sock")
        if output == "null":
            out = '  type "null"\n  sync "no"\n'
        elif output == "jack":
            # 16384 bytes per channel of float = 4096 frames, as much as the ALSA buffer.
            out = ('  type "jack"\n  client_name "mpd"\n  ringbuffer_size "16384"\n'
                   '  destination_ports "benchmon:in_1,benchmon:in_2"\n')
        else:
            # MPD's default 500 ms buffer cannot be negotiated with the ALSA jack plugin
            # (its *_near calls only accept exact multiples of the JACK period), so MPD gets
            # the same device geometry as crated: 4 periods of 1024 frames.
            out = (f'  type "alsa"\n  device "{output}"\n  mixer_type "none"\n'
                   '  buffer_time "92880"\n  period_time "23219"\n')
        out = 'audio_output {\n  name "out"\n' + out + '}\n'
        conf = os.path.join(rundir, f"mpd-{output}.conf")
        with open(conf, "w") as f:
            f.write(f'bind_to_address "{self.sockpath}"\n'
                    f'log_file "{os.path.join(rundir, "mpd.log")}"\n'
                    'zeroconf_enabled "no"\n'
                    'connection_timeout "3600"\n'  # we stay silent through the 60 s window
                    # Only mpg123 may decode MP3, as in crated.
                    'decoder {\n  plugin "mad"\n  enabled "no"\n}\n'
                    'decoder {\n  plugin "ffmpeg"\n  enabled "no"\n}\n' + out)
        if os.path.exists(self.sockpath):
            os.unlink(self.sockpath)
        self._spawn(["mpd", "--no-daemon", conf], rundir, env)
        self.sock = _wait_connect(self.sockpath, self.proc)
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
        self.send(line.encode() + b"\n")
        return self.reply()

    def status(self):
        return dict(l.split(": ", 1) for l in self.cmd("status"))

    def mp3_decoders(self):
        plugins, current = [], None
        for line in self.cmd("decoders"):
            key, value = line.split(": ", 1)
            if key == "plugin":
                current = value
            elif key == "suffix" and value == "mp3":
                plugins.append(current)
        return plugins

    def queue(self, paths):
        self.cmd("clear")
        for p in paths:
            self.cmd(f'add "file://{p}"')

    def start_request(self):
        return b"play 0\n"

    def next_request(self):
        return b"next\n"

    def stop(self):
        self.cmd("stop")

    def play_to_end(self):
        """Play the queue from the top; return wall seconds until the player stops."""
        t0 = time.monotonic()
        self.cmd("play 0")
        while True:
            self.cmd("idle player")
            st = self.status()
            if st["state"] == "stop":
                if "error" in st:
                    raise RuntimeError(f"MPD: {st['error']}")
                return time.monotonic() - t0


class Crate(_Daemon):
    name = "crated"

    def __init__(self, rundir, env, bindir, device):
        rundir = os.path.abspath(rundir)
        self.sockpath = os.path.join(rundir, "crate.sock")
        state = os.path.join(rundir, "state")
        os.makedirs(state, exist_ok=True)
        conf = os.path.join(rundir, "crate.toml")
        with open(conf, "w") as f:
            f.write(f'state_dir = "{state}"\n\n[control]\nsocket = "{self.sockpath}"\n\n'
                    f'[audio]\ndevice = "{device}"\nrt_priority = 40\nperiod_frames = 1024\n'
                    'periods = 4\n\n[library]\npaths = []\n')
        if os.path.exists(self.sockpath):
            os.unlink(self.sockpath)
        self._spawn([os.path.join(bindir, "crated"), "--config", conf], rundir, env)
        self.sock = _wait_connect(self.sockpath, self.proc)
        self.file = self.sock.makefile("rb")
        self.paths = []
        self.cmd({"cmd": "ping"})

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

    def status(self):
        return self.cmd({"cmd": "status"})["status"]

    def queue(self, paths):
        self.paths = list(paths)

    def start_request(self):
        return json.dumps({"cmd": "play", "paths": self.paths}).encode() + b"\n"

    def next_request(self):
        return b'{"cmd":"next"}\n'

    def stop(self):
        self.cmd({"cmd": "stop"})
