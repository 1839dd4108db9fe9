"""Start, drive and stop the two players under test: crated and MPD.

Both get the same small interface, so the measurements in measure.py do not care which
one they are timing: queue(paths), send(request) / reply(), start_request(),
next_request(), stop(), pid, close().
"""
import json
import os
import time

from benchlib import CrateDaemon, MpdDaemon, mpd_conf, unlink_stale


class Mpd(MpdDaemon):
    def __init__(self, rundir, env, output, rate=44100, period=1024, settings=""):
        """output: "null" (no clock: decodes as fast as it can), "jack" (MPD's own JACK
        output, wired like benchjack) or the name of an ALSA PCM, opened at JACK's `rate`
        with `period`-frame periods. settings: more lines for mpd.conf."""
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
            # the same device geometry as crated: 4 periods of 1024 frames (in µs, as MPD
            # takes them: 23219 and 92880 at 44.1 kHz).
            period_us = 1e6 * period / rate
            out = (f'  type "alsa"\n  device "{output}"\n  mixer_type "none"\n'
                   f'  buffer_time "{round(4 * period_us)}"\n  period_time "{int(period_us)}"\n')
        out = 'audio_output {\n  name "out"\n' + out + '}\n'
        conf = os.path.join(rundir, f"mpd-{output}.conf")
        with open(conf, "w") as f:
            f.write(mpd_conf(self.sockpath, os.path.join(rundir, "mpd.log"), settings=settings, output=out))
        self.start_mpd(conf, rundir, env)

    def decoders(self, suffix):
        """The enabled decoder plugins for `suffix`, in the order MPD tries them."""
        plugins, current = [], None
        for line in self.cmd("decoders"):
            key, value = line.split(": ", 1)
            if key == "plugin":
                current = value
            elif key == "suffix" and value == suffix:
                plugins.append(current)
        return plugins

    def mp3_decoders(self):
        return self.decoders("mp3")

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


class Crate(CrateDaemon):
    def __init__(self, rundir, env, bindir, device):
        rundir = os.path.abspath(rundir)
        self.sockpath = os.path.join(rundir, "crate.sock")
        state = os.path.join(rundir, "state")
        os.makedirs(state, exist_ok=True)
        conf = os.path.join(rundir, "crate.toml")
        # request_timeout: like MPD's connection_timeout (benchlib.mpd_conf), longer than any
        # measuring window, in which the harness stays silent on its connection.
        with open(conf, "w") as f:
            f.write(f'state_dir = "{state}"\n\n[control]\nsocket = "{self.sockpath}"\n'
                    'request_timeout = 3600\n\n'
                    f'[audio]\ndevice = "{device}"\nrt_priority = 40\nperiod_frames = 1024\n'
                    'periods = 4\n\n[library]\npaths = []\n')
        unlink_stale(self.sockpath)
        self.spawn([os.path.join(bindir, "crated"), "--config", conf], rundir, env)
        self.open()
        self.paths = []
        self.cmd({"cmd": "ping"})

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
