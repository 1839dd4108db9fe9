#!/usr/bin/env python3
"""The XCTests' Plex stand-in (Tests/Fixtures/plex_fixture.py, copied beside this file)
run in the guest as a service: on a fixed port (crated's config names it, and it must
be the same after every boot), with the library of make-media.py loaded, the PIN
already approved (no one is there to enter it), and track bytes sent at a bounded
rate, as from a server across a network: a download lasts seconds, so a power cut
can land in the middle of one.

usage: plex-standin.py LIBRARY_JSON [PORT] [BYTES_PER_SECOND]
"""
import json
import os
import socket
import sys
import threading
import time
from http.server import ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plex_fixture  # noqa: E402  (found beside this file)


class Throttled:
    """A write-only stream that sends in small pieces at `rate` bytes per second."""
    def __init__(self, raw, rate):
        self.raw, self.rate = raw, rate

    def write(self, data):
        view, piece = memoryview(data), 16384
        for start in range(0, len(view), piece):
            self.raw.write(view[start:start + piece])
            self.raw.flush()
            time.sleep(piece / self.rate)
        return len(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def handler(rate):
    class Handler(plex_fixture.Handler):
        def part(self, path):
            raw, self.wfile = self.wfile, Throttled(self.wfile, rate)
            try:
                return super().part(path)
            finally:
                self.wfile = raw
    return Handler


def main():
    library, port = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 32400
    rate = int(sys.argv[3]) if len(sys.argv) > 3 else 512 * 1024
    with open(library) as f:
        plex_fixture.STATE["library"].update(json.load(f))
    plex_fixture.STATE["approved"] = True
    server = ThreadingHTTPServer(("127.0.0.1", port), handler(rate))
    server.daemon_threads = True
    print(f"plex stand-in on 127.0.0.1:{port}, parts at {rate} B/s", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Type=notify: crated (ordered after) finds the port listening at its first sync.
    if os.environ.get("NOTIFY_SOCKET"):
        address = os.environ["NOTIFY_SOCKET"]
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
            s.sendto(b"READY=1", "\0" + address[1:] if address.startswith("@") else address)
    threading.Event().wait()


if __name__ == "__main__":
    main()
