"""The rig's own latency floor: an ideal ALSA client (PCM already in memory, no decoding,
no daemon) timed by the same JACK monitor. It configures `benchjack` as crated does
(S16 stereo 44.1 kHz, 4 x 1024 frames, start threshold one period) and measures
  press: prepare + write into a stopped device -> first sample at JACK;
  skip:  while playing, drop + prepare + write the other tone -> its first sample.
What a player adds on top of these is its own doing; the rest is the ALSA jack plugin
(drop deactivates its JACK client, the restart reactivates and reconnects it) and the
JACK cycle the samples wait for.
"""
import array
import ctypes
import math
import random
import time
from ctypes import byref, c_int, c_long, c_uint, c_ulong, c_void_p

import jackmon

_a = ctypes.CDLL("libasound.so.2")
_a.snd_pcm_writei.restype = c_long
_a.snd_pcm_writei.argtypes = [c_void_p, c_void_p, c_ulong]
_a.snd_pcm_avail_update.restype = c_long
_a.snd_strerror.restype = ctypes.c_char_p
for name in ("snd_pcm_drop", "snd_pcm_prepare", "snd_pcm_close", "snd_pcm_avail_update"):
    getattr(_a, name).argtypes = [c_void_p]

RATE, PERIOD, PERIODS = 44100, 1024, 4


def _tone(freq, frames):
    s = array.array("h", bytes(4 * frames))
    for i in range(frames):
        s[2 * i] = s[2 * i + 1] = int(16000 * math.sin(2 * math.pi * freq * i / RATE))
    return s


def _check(rc, what):
    if rc < 0:
        raise RuntimeError(f"{what}: {_a.snd_strerror(rc).decode()}")


class _Pcm:
    def __init__(self, device):
        self.h = c_void_p()
        _check(_a.snd_pcm_open(byref(self.h), device.encode(), 0, 1), "snd_pcm_open")  # non-blocking
        hw, sw = c_void_p(), c_void_p()
        _a.snd_pcm_hw_params_malloc(byref(hw))
        _a.snd_pcm_sw_params_malloc(byref(sw))
        p, period, buffer, d = self.h, c_ulong(PERIOD), c_ulong(PERIOD * PERIODS), c_int(0)
        _check(_a.snd_pcm_hw_params_any(p, hw), "hw_params_any")
        _check(_a.snd_pcm_hw_params_set_access(p, hw, 3), "access")  # RW_INTERLEAVED
        _check(_a.snd_pcm_hw_params_set_format(p, hw, 2), "format")  # S16_LE
        _check(_a.snd_pcm_hw_params_set_channels(p, hw, 2), "channels")
        _check(_a.snd_pcm_hw_params_set_rate(p, hw, c_uint(RATE), 0), "rate")
        _check(_a.snd_pcm_hw_params_set_period_size_near(p, hw, byref(period), byref(d)), "period")
        _check(_a.snd_pcm_hw_params_set_buffer_size_near(p, hw, byref(buffer)), "buffer")
        _check(_a.snd_pcm_hw_params(p, hw), "hw_params")
        _check(_a.snd_pcm_sw_params_current(p, sw), "sw_params_current")
        _check(_a.snd_pcm_sw_params_set_start_threshold(p, sw, c_ulong(PERIOD)), "start_threshold")
        _check(_a.snd_pcm_sw_params(p, sw), "sw_params")

    def write(self, samples, frames):
        """Write up to `frames` frames from the start of `samples`; returns frames taken."""
        n = _a.snd_pcm_writei(self.h, samples.buffer_info()[0], frames)
        return 0 if n == -11 else n  # -EAGAIN: full


def rig_floor(mon, device, reps):
    lo, hi = _tone(400, PERIOD * PERIODS), _tone(1500, PERIOD * PERIODS)
    pcm = _Pcm(device)
    press, skip = [], []
    try:
        for k in range(reps):
            _a.snd_pcm_drop(pcm.h)
            mon.wait_quiet()
            time.sleep(0.2)
            mon.sleep_to_phase((k + 0.5) / reps)  # the same phases as the players' presses
            t0 = jackmon.now_us()
            _a.snd_pcm_prepare(pcm.h)
            pcm.write(lo, PERIOD * PERIODS)
            t1 = mon.wait_for(t0, "sound", timeout=3)
            press.append(None if t1 is None else (t1 - t0) / 1000)
            # keep the low tone flowing for a while, then skip to the high one
            until = time.monotonic() + random.uniform(0.5, 0.7)
            while time.monotonic() < until:
                avail = _a.snd_pcm_avail_update(pcm.h)
                if avail >= PERIOD:
                    pcm.write(lo, PERIOD)
                time.sleep(0.002)
            t0 = jackmon.now_us()
            _a.snd_pcm_drop(pcm.h)
            _a.snd_pcm_prepare(pcm.h)
            pcm.write(hi, PERIOD * PERIODS)
            t1 = mon.wait_for(t0, ("high",), timeout=3)
            skip.append(None if t1 is None else (t1 - t0) / 1000)
    finally:
        _a.snd_pcm_drop(pcm.h)
        _a.snd_pcm_close(pcm.h)
    return {"press_ms": press, "skip_ms": skip}
