"""A JACK client (ctypes, stdlib only) that stands in for the speaker.

The ALSA `benchjack` PCM connects its output ports to benchmon:in_1/in_2, so every
sample a player sends reaches this client in a JACK cycle. For each cycle we record
when the cycle started (JACK's clock, microseconds) and what the left channel held:
its peak and the zero crossings in its last 256 frames (enough to tell our two test
tones apart). Timestamps come from JACK, not from when Python got to run.

A cycle whose buffer is byte-identical to the previous one carries no new samples and
counts as silence: after snd_pcm_drop() the ALSA jack plugin deactivates its client, and
this jackd then keeps handing us that client's last buffer until it is activated again.
Real playback of our test signals never repeats a 1024-frame buffer exactly.
"""
import array
import ctypes
import time
from ctypes import POINTER, c_char_p, c_int, c_uint32, c_uint64, c_ulong, c_void_p

_jack = ctypes.CDLL("libjack.so.0")
_jack.jack_client_open.restype = c_void_p
_jack.jack_client_open.argtypes = [c_char_p, c_int, POINTER(c_int)]
_jack.jack_port_register.restype = c_void_p
_jack.jack_port_register.argtypes = [c_void_p, c_char_p, c_char_p, c_ulong, c_ulong]
_jack.jack_port_get_buffer.restype = c_void_p
_jack.jack_port_get_buffer.argtypes = [c_void_p, c_uint32]
_jack.jack_last_frame_time.restype = c_uint32
_jack.jack_last_frame_time.argtypes = [c_void_p]
_jack.jack_frames_to_time.restype = c_uint64
_jack.jack_frames_to_time.argtypes = [c_void_p, c_uint32]
_jack.jack_get_time.restype = c_uint64
_jack.jack_get_buffer_size.restype = c_uint32
_jack.jack_get_buffer_size.argtypes = [c_void_p]
_jack.jack_get_sample_rate.restype = c_uint32
_jack.jack_get_sample_rate.argtypes = [c_void_p]
_jack.jack_activate.argtypes = [c_void_p]
_jack.jack_client_close.argtypes = [c_void_p]
_PROCESS = ctypes.CFUNCTYPE(c_int, c_uint32, c_void_p)
_jack.jack_set_process_callback.argtypes = [c_void_p, _PROCESS, c_void_p]

SILENT_PEAK = 0.02      # below this a cycle counts as silence
HIGH_TONE_ZC = 10       # zero crossings in 256 frames: 400 Hz ~5, 1500 Hz ~17


def now_us():
    """JACK's clock, the one cycle timestamps use."""
    return _jack.jack_get_time()


class Monitor:
    def __init__(self, name=b"benchmon", record=False):
        status = c_int(0)
        self.client = _jack.jack_client_open(name, 1, ctypes.byref(status))  # 1 = JackNoStartServer
        if not self.client:
            raise RuntimeError(f"cannot connect to jackd (status {status.value:#x})")
        self.ports = [_jack.jack_port_register(self.client, f"in_{i}".encode(),
                                               b"32 bit float mono audio", 1, 0) for i in (1, 2)]
        self.period = _jack.jack_get_buffer_size(self.client)
        self.rate = _jack.jack_get_sample_rate(self.client)
        self.cycles = []  # (cycle start µs, peak, zero crossings)
        self.raw = [] if record else None  # left-channel float32 bytes per cycle, for debugging
        self._last = b""
        self._cb = _PROCESS(self._process)  # keep a reference: JACK calls it from its thread
        _jack.jack_set_process_callback(self.client, self._cb, None)
        if _jack.jack_activate(self.client) != 0:
            raise RuntimeError("cannot activate the JACK monitor client")

    def _process(self, nframes, _arg):
        start = _jack.jack_frames_to_time(self.client, _jack.jack_last_frame_time(self.client))
        buf = _jack.jack_port_get_buffer(self.ports[0], nframes)
        a = array.array("f")
        data = ctypes.string_at(buf, nframes * 4)
        if self.raw is not None:
            self.raw.append(data)
        if data == self._last:  # stale: nothing new reached the device
            self.cycles.append((start, 0.0, 0))
            return 0
        self._last = data
        a.frombytes(data)
        peak = max(map(abs, a))
        tail = a[-256:]
        zc = sum(1 for x, y in zip(tail, tail[1:]) if (x < 0) != (y < 0))
        self.cycles.append((start, peak, zc))
        return 0

    def close(self):
        _jack.jack_client_close(self.client)

    @staticmethod
    def kind(peak, zc):
        if peak < SILENT_PEAK:
            return "silent"
        return "high" if zc >= HIGH_TONE_ZC else "low"

    def wait_for(self, after_us, want, timeout=5.0):
        """Start time of the first cycle beginning after `after_us` whose kind is in `want`
        (a tuple of kinds, or "sound" for anything not silent), or None on timeout."""
        deadline = time.monotonic() + timeout
        i = 0
        while time.monotonic() < deadline:
            cycles = self.cycles
            while i < len(cycles):
                start, peak, zc = cycles[i]
                i += 1
                k = self.kind(peak, zc)
                if start > after_us and (k != "silent" if want == "sound" else k in want):
                    return start
            time.sleep(0.0005)
        return None

    def wait_quiet(self, cycles=4, timeout=5.0):
        """Wait until the last `cycles` cycles were all silent."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            tail = self.cycles[-cycles:]
            if len(tail) == cycles and all(p < SILENT_PEAK for _, p, _ in tail):
                return True
            time.sleep(0.01)
        return False

    def sleep_to_phase(self, fraction):
        """Sleep until the JACK clock is `fraction` (0..1) of a period past a cycle start.
        Latency tries that start at the same spread of phases, for every player and for
        the rig floor, differ by what the player adds, not by where in the cycle a
        random start happened to fall (0 to 23 ms of waiting for the next cycle)."""
        period_us = self.period / self.rate * 1e6
        target = self.cycles[-1][0] + fraction * period_us if self.cycles else now_us()
        while target < now_us() + 2000:
            target += period_us
        time.sleep(max(0.0, (target - now_us() - 1000) / 1e6))
        while now_us() < target:
            pass

    def silent_cycles_between(self, t0_us, t1_us):
        return sum(1 for s, p, _ in self.cycles if t0_us <= s <= t1_us and p < SILENT_PEAK)
