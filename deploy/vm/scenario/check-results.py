#!/usr/bin/env python3
"""The boot test's host half: reads what the guest left in its results folder and
checks what needs the host's tools. Prints PASS/FAIL lines; exits 1 on any FAIL.

- every check the guest recorded (results/checks);
- the loopback capture holds the album the knob picked, sample for sample equal to
  mpg123's gapless reference decode of its tracks (made in the guest), joins included,
  while the box was busy (scenario/busy-box.sh: results/busy.txt says with what);
- the framebuffer (read raw from /dev/fb0 in the guest) shows that album's cover.

usage: check-results.py RESULTS_DIR MUSIC_DIR [STAGE...]  (MUSIC_DIR holds manifest.json;
the stages the guest must have finished, default 1 2; boot-test.sh --quick runs 1 only)
"""
import array
import json
import os
import sys

failures = 0


def report(ok, text):
    global failures
    print(("PASS " if ok else "FAIL ") + text)
    failures += 0 if ok else 1


def reference(results):
    """mpg123's decode of the album, made in the guest: libmpg123 picks its synth by
    CPU, and the emulated CPU's (no AVX) rounds differently from the host's."""
    with open(os.path.join(results, "reference.raw"), "rb") as handle:
        return array.array("h", handle.read())


def first_sound(samples):
    return next((i for i, value in enumerate(samples) if value != 0), None)


def busy_note(results):
    """What busied the box while the album played (scenario/busy-box.sh), if it ran."""
    path = os.path.join(results, "busy.txt")
    return f", played while the box was {open(path).read().strip()}" if os.path.exists(path) else ""


def check_capture(results, manifest, album):
    with open(os.path.join(results, "capture.raw"), "rb") as handle:
        capture = array.array("h", handle.read())
    ref = reference(results)
    if len(ref) == 0:
        return report(False, "the guest made no reference decode")
    start_capture, start_ref = first_sound(capture), first_sound(ref)
    if start_capture is None:
        return report(False, f"the capture ({len(capture) // 2} frames) is silent")
    # Frames, not samples: an odd offset would swap the channels.
    offset = start_capture - start_ref
    if offset < 0 or offset % 2:
        return report(False, f"the capture starts mid-album (offset {offset} samples)")
    played = capture[offset:offset + len(ref)]
    if len(played) < len(ref):
        return report(False, f"the capture ends {(len(ref) - len(played)) // 2} frames before the album does")
    different = [i for i in range(len(ref)) if played[i] != ref[i]]
    seconds = len(ref) / 2 / 44100
    if different:
        first = different[0] // 2
        report(False, f"{len(different)} of {len(ref)} samples differ from the reference; first at frame "
                      f"{first} ({first / 44100:.3f} s of {seconds:.2f} s)")
    else:
        report(True, f"the loopback capture equals the reference decode of {album}: "
                     f"{len(ref) // 2} frames ({seconds:.2f} s, {len(manifest[album]['tracks'])} tracks, gapless)"
                     + busy_note(results))


def check_panel(results, manifest, album):
    with open(os.path.join(results, "fb.geometry")) as handle:
        size, stride, depth = handle.read().split()
    width, height = (int(v) for v in size.split(","))
    stride, depth = int(stride), int(depth)
    if depth != 16:
        return report(False, f"the framebuffer is {depth} bpp, the test reads RGB565")
    with open(os.path.join(results, "fb.raw"), "rb") as handle:
        memory = handle.read()

    def rgb565(colour):
        r, g, b = colour
        return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3

    counts = {}
    for y in range(height):
        row = array.array("H", memory[y * stride:y * stride + width * 2])
        for value in row:
            counts[value] = counts.get(value, 0) + 1
    covers = {folder: counts.get(rgb565(entry["cover"]), 0) for folder, entry in manifest.items()}
    shown = covers[album]
    others = max(count for folder, count in covers.items() if folder != album)
    # A cover is at least 96x96 px on a 320x240 panel; text and bars are far smaller.
    report(shown >= 96 * 96 and others < 500,
           f"the panel shows the cover of {album} ({shown} px of its colour; the other covers' most: {others})")
    distinct = len(counts)
    report(distinct > 4, f"the panel shows more than the cover ({distinct} colours: text, progress bar)")


def main(results, music, want_stages):
    with open(os.path.join(music, "manifest.json")) as handle:
        manifest = json.load(handle)
    checks = os.path.join(results, "checks")
    lines = open(checks).read().splitlines() if os.path.exists(checks) else []
    for line in lines:
        report(line.startswith("PASS "), "guest: " + line[5:])
    stages_file = os.path.join(results, "stages")
    stages = open(stages_file).read().split() if os.path.exists(stages_file) else []
    report(stages == want_stages, f"the guest finished the stages {' '.join(want_stages)} (finished: {stages or 'none'})")
    expected = os.path.join(results, "expected-album")
    if not os.path.exists(expected):
        report(False, "the guest did not record which album the knob picked")
    else:
        album = open(expected).read().strip()
        check_capture(results, manifest, album)
        check_panel(results, manifest, album)
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:] or ["1", "2"]))
