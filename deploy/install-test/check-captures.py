#!/usr/bin/env python3
"""install-test.sh's verdict: each album's capture, from each package's crated, against
the reference decoders' output (flac -d; ffmpeg for ALAC), sample for sample. Captures
equal to one reference are equal to each other.

usage: check-captures.py WORK_DIR LABEL...
       (WORK_DIR/music/<album>/, WORK_DIR/<label>-<format>.raw; a label is DIST-ARCH)
"""
import glob
import os
import subprocess
import sys

ALBUMS = ("FLAC 16-44", "ALAC 24-96")


def reference(work, album):
    out = b""
    for path in sorted(glob.glob(os.path.join(work, "music", album, "*"))):
        if path.endswith(".flac"):
            command = ["flac", "-s", "-d", "-c", "--force-raw-format", "--endian=little", "--sign=signed", path]
        else:  # 24-bit ALAC: crated sends it as S32_LE, the sample in the top 24 bits
            command = ["ffmpeg", "-v", "error", "-i", path, "-f", "s32le", "-"]
        out += subprocess.run(command, check=True, capture_output=True).stdout
    return out


def main(work, labels):
    for album in ALBUMS:
        want = reference(work, album)
        for label in labels:
            path = os.path.join(work, f"{label}-{album.split()[0]}.raw")
            got = open(path, "rb").read() if os.path.exists(path) else b""
            if got == want:
                print(f"PASS {label}: {album} captured sample-exact ({len(got)} bytes)")
                continue
            first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            print(f"FAIL {label}: {album}: {len(got)} bytes captured, {len(want)} expected; "
                  f"first difference at byte {first}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
