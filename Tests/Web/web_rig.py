"""A real crated on a small generated library, and crate-web in front of it, for the
browser test (browser_test.py) and the bench (bench/web.py).

  make_library(root, albums)   FLAC albums (flac's encoder) with a cover.png each; album 0
                               is one continuous ramp cut into two tracks (gapless check),
                               the last has three tracks of distinct tones
  Rig(work, bindir, music)     writes crate.toml, starts/stops/restarts crated and crate-web
  request(sock, **req)         one JSON-lines request to crated's control socket
"""
import json
import os
import signal
import struct
import sys
import subprocess
import time
import urllib.request
import wave
import zlib

# The bench's helpers: one JSON-lines request to crated's socket, a free port.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from benchlib import free_port, unix_request as request  # noqa: E402,F401

RATE = 44100


def png(path, rgb, size=64):
    """A solid-colour PNG, written with zlib alone."""
    raw = b"".join(b"\x00" + bytes(rgb) * size for _ in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def ramp_track(path, start, frames):
    """16-bit stereo where sample n of the album is n mod 65536 (as signed): a track
    boundary that loses or adds a sample breaks the count."""
    with wave.open(path + ".wav", "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        values = (((start + i) & 0xFFFF) for i in range(frames))
        w.writeframes(b"".join(struct.pack("<hh", v, v) for v in (u - 0x10000 if u >= 0x8000 else u for u in values)))
    encode(path)


def tone_track(path, seconds, freq):
    import math
    with wave.open(path + ".wav", "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<hh", v, v) for v in
                               (int(8000 * math.sin(2 * math.pi * freq * i / RATE)) for i in range(int(seconds * RATE)))))
    encode(path)


def encode(path, title=None, artist=None, album=None, number=None):
    subprocess.run(["flac", "-s", "-f", "-o", path, path + ".wav"], check=True)
    os.unlink(path + ".wav")


def tag(path, **tags):
    subprocess.run(["metaflac"] + ["--set-tag=%s=%s" % (k.upper(), v) for k, v in tags.items()] + [path], check=True)


COLOURS = [(200, 40, 40), (40, 160, 60), (40, 80, 200), (220, 180, 40), (150, 60, 170), (30, 170, 170), (230, 120, 30), (120, 120, 120)]
THREE_TRACK_HZ = 330
GENRES = ["Jazz", "Rock", "Jazz", "Electronic", "Rock", "Classical", "Jazz", "Rock"]


def make_library(root, albums=8, ramp_frames=RATE):
    """`albums` albums of two tracks; album 0 ("Ramp") is a ramp split across its tracks."""
    os.makedirs(root, exist_ok=True)
    names = []
    for a in range(albums):
        artist = "Artist %d" % (a % 3)
        title = "Ramp" if a == 0 else "Album %d" % a
        folder = os.path.join(root, "%s - %s" % (artist, title))
        os.makedirs(folder, exist_ok=True)
        # The last album has three tracks, each a tone of its own (330, 660, 990 Hz): the
        # album page's "play from track 3" is told apart in the capture.
        three = a == albums - 1 and albums > 1
        for n in (1, 2, 3) if three else (1, 2):
            path = os.path.join(folder, "%02d Track %d.flac" % (n, n))
            if a == 0:
                ramp_track(path, (n - 1) * ramp_frames, ramp_frames)
            else:
                tone_track(path, 1.5, THREE_TRACK_HZ * n if three else 220 * (a + 1) + 110 * n)
            tag(path, title="Track %d" % n, artist=artist, album=title, albumartist=artist,
                tracknumber=n, genre=GENRES[a % len(GENRES)], date=1990 + a)
        png(os.path.join(folder, "cover.png"), COLOURS[a % len(COLOURS)])
        names.append((artist, title))
    return names


def answering(process, name, probe, timeout=30):
    """Waits until `probe` succeeds: the program started by `process` answers."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process.poll() is not None:
            raise RuntimeError("%s exited with %s (see its log)" % (name, process.returncode))
        try:
            if probe():
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError("%s did not answer within %d s" % (name, timeout))


class Rig:
    def __init__(self, work, bindir, music, password=None, port=None, crate_size=None, extra=""):
        self.work, self.bindir, self.music = work, bindir, music
        self.sock = os.path.join(work, "crate.sock")
        self.capture = os.path.join(work, "capture.raw")
        self.port = port or free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.config = os.path.join(work, "crate.toml")
        web = 'listen = "127.0.0.1:%d"\n' % self.port + ('password = "%s"\n' % password if password else "")
        crate = "[crate]\nsize = %d\n" % crate_size if crate_size else ""
        with open(self.config, "w") as f:
            f.write('state_dir = "%s/state"\n[control]\nsocket = "%s"\n[audio]\n'
                    'device = "file:FILE=%s,FORMAT=raw"\nperiod_frames = 1024\nperiods = 4\npacing = "clock"\n'
                    '[library]\npaths = ["%s"]\n[display]\nwidth = 320\nheight = 240\n[log]\nlevel = "info"\n%s[web]\n%s'
                    % (work, self.sock, self.capture, music, crate, web) + extra)
        self.crated = None
        self.web = None

    def start_crated(self):
        log = open(os.path.join(self.work, "crated.log"), "a")
        self.crated = subprocess.Popen([os.path.join(self.bindir, "crated"), "--config", self.config],
                                       stdout=log, stderr=log)
        answering(self.crated, "crated", lambda: request(self.sock, cmd="ping").get("ok"))

    def wait_scanned(self, albums, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            stats = request(self.sock, cmd="library-stats").get("library", {})
            if stats.get("albums", 0) >= albums and stats.get("lastScan"):
                return
            time.sleep(0.2)
        raise RuntimeError("the library was not scanned: %s" % stats)

    def stop_crated(self):
        if self.crated:
            self.crated.send_signal(signal.SIGTERM)
            self.crated.wait(20)
            self.crated = None

    def start_web(self):
        log = open(os.path.join(self.work, "crate-web.log"), "a")
        self.web = subprocess.Popen([os.path.join(self.bindir, "crate-web"), "--config", self.config],
                                    stdout=log, stderr=log)
        answering(self.web, "crate-web", lambda: urllib.request.urlopen(self.url + "/", timeout=2).read())

    def stop(self):
        for p in (self.web, self.crated):
            if p and p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
        self.web = self.crated = None
