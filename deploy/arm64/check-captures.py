#!/usr/bin/env python3
"""install-test.sh's verdict: each album's capture, from the arm64 and the x86_64 crated,
against the reference decoders' output (flac -d; ffmpeg for ALAC), sample for sample.
Two captures equal to one reference are equal to each other.

usage: check-captures.py WORK_DIR  (WORK_DIR/music/<album>/, WORK_DIR/<arch>-<format>.raw)
"""
import glob
import os
import subprocess
import sys

ALBUMS = ("FLAC 16-44", "ALAC 24-96")
ARCHES = ("arm64", "x86_64")


def reference(work, album):
    out = b""
    for path in sorted(glob.glob(os.path.join(work, "music", album, "*"))):
        if path.endswith(".flac"):
            command = ["flac", "-s", "-d", "-c", "--force-raw-format", "--endian=little", "--sign=signed", path]
        else:  # 24-bit ALAC: crated sends it as S32_LE, the sample in the top 24 bits
            command = ["ffmpeg", "-v", "error", "-i", path, "-f", "s32le", "-"]
        out += subprocess.run(command, check=True, capture_output=True).stdout
    return out


def main(work):
    for album in ALBUMS:
        want = reference(work, album)
        for arch in ARCHES:
            path = os.path.join(work, f"{arch}-{album.split()[0]}.raw")
            got = open(path, "rb").read() if os.path.exists(path) else b""
            if got == want:
                print(f"PASS {arch}: {album} captured sample-exact ({len(got)} bytes)")
                continue
            first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            print(f"FAIL {arch}: {album}: {len(got)} bytes captured, {len(want)} expected; "
                  f"first difference at byte {first}")


if __name__ == "__main__":
    main(sys.argv[1])
