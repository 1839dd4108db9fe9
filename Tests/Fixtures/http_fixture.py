#!/usr/bin/env python3
"""A local HTTP server for CrateHTTPTests (python3 stdlib only).

Binds 127.0.0.1 on a free port and prints that port as its first stdout line.
Exits when stdin closes (the test process went away) or on SIGTERM.

Endpoints (HTTP/1.1, keep-alive):
  /status/{code}             that status; 401 carries an HTML body as Plex sends it
  /echo                      JSON: method, path, lower-cased request headers, body text
  /flaky/{n}/{code}?key=K    {code} for the first n requests of key K, then 200 "ok"
  /count?key=K               how many requests key K has seen
  /retry-after/{s}?key=K     429 with "Retry-After: s" the first time, then 200
  /retry-after-date/{s}?key=K  503 with Retry-After as an HTTP-date s seconds ahead, then 200
  /slow?seconds=S            answers after S seconds
  /stall                     headers (Content-Length 1000) and 10 bytes, then silence
  /drip?count=N&interval=S   N pattern bytes, one every S seconds
  /cut                       Content-Length 1000, 300 bytes, connection closed
  /flaky-cut/{n}?key=K       cut like /cut for the first n requests of key K, then /bytes/1000
  /bytes/{n}                 n deterministic bytes (byte i = (i * 7 + 3) % 251);
                             "Range: bytes=N-" gives 206 and Content-Range
  /chunked/{n}               the same bytes, chunked (no Content-Length)
  /redirect/{n}?to=PATH      n redirects (302), then PATH (default /bytes/100)
  /gzip                      "crate " * 2000, gzip-encoded when the client accepts gzip
  /headers                   a repeated header (X-Multi: a, X-Multi: b) and X-Case
  /conn                      the client's source port: equal ports mean a reused connection
  /ports                     JSON: "closed" (nothing listens) and "blackhole" (connects hang)
"""
import gzip
import json
import math
import os
import signal
import socket
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

counts = {}
counts_lock = threading.Lock()
PERIOD = bytes((i * 7 + 3) % 251 for i in range(251))


def hit(key):
    with counts_lock:
        counts[key] = counts.get(key, 0) + 1
        return counts[key]


def pattern(start, end):
    """Bytes start..<end of the endless deterministic pattern."""
    if end <= start:
        return b""
    first = start % 251
    repeats = (end - start + first) // 251 + 1
    return (PERIOD * repeats)[first:first + end - start]


def closed_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def blackhole():
    """A listener whose accept queue is full: the kernel drops new SYNs, so a connect hangs."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(3):
        c = socket.socket()
        c.setblocking(False)
        try:
            c.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        fillers.append(c)
    return port, [listener] + fillers


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients that stop reading early (onData returning false, cancels) are expected.
        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):
            super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes: without this, Nagle and delayed ACKs
    # add 40 ms to every keep-alive request.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.route()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_GET

    def reply(self, code, body=b"", headers=()):
        self.send_response(code)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def route(self):
        url = urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        name = parts[0] if parts else ""
        handler = getattr(self, "ep_" + name.replace("-", "_"), None)
        if handler is None:
            self.reply(404, b"no such endpoint")
        else:
            handler(parts[1:], query, body)

    def ep_status(self, args, query, body):
        code = int(args[0])
        if code in (204, 304):
            self.reply(code)
        elif code == 401:
            self.reply(401, b"<html><body>Unauthorized</body></html>", [("Content-Type", "text/html")])
        else:
            self.reply(code, b"status %d" % code)

    def ep_echo(self, args, query, body):
        payload = {
            "method": self.command,
            "path": self.path,
            "headers": {k.lower(): v for k, v in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
        }
        self.reply(200, json.dumps(payload).encode(), [("Content-Type", "application/json")])

    def ep_flaky(self, args, query, body):
        n, code = int(args[0]), int(args[1])
        if hit(query.get("key", "")) <= n:
            self.reply(code, b"failing")
        else:
            self.reply(200, b"ok")

    def ep_count(self, args, query, body):
        with counts_lock:
            self.reply(200, str(counts.get(query.get("key", ""), 0)).encode())

    def ep_retry_after(self, args, query, body):
        if hit(query.get("key", "")) == 1:
            self.reply(429, b"slow down", [("Retry-After", args[0])])
        else:
            self.reply(200, b"ok")

    def ep_retry_after_date(self, args, query, body):
        if hit(query.get("key", "")) == 1:
            # Rounded up, so the date is never earlier than now + s.
            when = formatdate(math.ceil(time.time()) + int(args[0]), usegmt=True)
            self.reply(503, b"busy", [("Retry-After", when)])
        else:
            self.reply(200, b"ok")

    def ep_slow(self, args, query, body):
        time.sleep(float(query.get("seconds", "5")))
        self.reply(200, b"slow")

    def ep_stall(self, args, query, body):
        self.send_response(200)
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(pattern(0, 10))
        self.wfile.flush()
        time.sleep(float(query.get("seconds", "30")))
        self.close_connection = True

    def ep_drip(self, args, query, body):
        count = int(query.get("count", "10"))
        self.send_response(200)
        self.send_header("Content-Length", str(count))
        self.end_headers()
        for i in range(count):
            time.sleep(float(query.get("interval", "0.3")))
            self.wfile.write(pattern(i, i + 1))
            self.wfile.flush()

    def ep_flaky_cut(self, args, query, body):
        if hit(query.get("key", "")) <= int(args[0]):
            self.ep_cut([], query, body)
        else:
            self.ep_bytes(["1000"], query, body)

    def ep_cut(self, args, query, body):
        self.send_response(200)
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(pattern(0, 300))
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)
        self.close_connection = True

    def ep_bytes(self, args, query, body):
        n = int(args[0])
        start = 0
        status = 200
        headers = [("Content-Type", "application/octet-stream"), ("Accept-Ranges", "bytes")]
        ranges = self.headers.get("Range", "")
        if ranges.startswith("bytes=") and ranges.endswith("-"):
            start = int(ranges[len("bytes="):-1])
            if start >= n:
                self.reply(416, b"", [("Content-Range", "bytes */%d" % n)])
                return
            status = 206
            headers.append(("Content-Range", "bytes %d-%d/%d" % (start, n - 1, n)))
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(n - start))
        self.end_headers()
        if self.command == "HEAD":
            return
        for offset in range(start, n, 65536):
            self.wfile.write(pattern(offset, min(n, offset + 65536)))

    def ep_chunked(self, args, query, body):
        n = int(args[0])
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for offset in range(0, n, 65536):
            chunk = pattern(offset, min(n, offset + 65536))
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")

    def ep_redirect(self, args, query, body):
        n = int(args[0]) if args else 1
        target = query.get("to", "/bytes/100")
        location = target if n <= 1 else "/redirect/%d?to=%s" % (n - 1, target)
        self.reply(302, b"moved", [("Location", location)])

    def ep_gzip(self, args, query, body):
        text = b"crate " * 2000
        if "gzip" in self.headers.get("Accept-Encoding", ""):
            self.reply(200, gzip.compress(text), [("Content-Encoding", "gzip")])
        else:
            self.reply(200, text)

    def ep_headers(self, args, query, body):
        self.reply(200, b"headers", [("X-Multi", "a"), ("X-Multi", "b"), ("X-Case", "Value")])

    def ep_conn(self, args, query, body):
        self.reply(200, str(self.client_address[1]).encode())

    def ep_ports(self, args, query, body):
        self.reply(200, json.dumps({"closed": CLOSED, "blackhole": BLACKHOLE}).encode())


def main():
    global CLOSED, BLACKHOLE
    CLOSED = closed_port()
    BLACKHOLE, keep = blackhole()
    server = Server(("127.0.0.1", 0), Handler)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))

    def watch_stdin():
        sys.stdin.buffer.read()  # returns at EOF: the test runner is gone
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
