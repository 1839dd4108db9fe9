#!/usr/bin/env python3
"""The boot test's look at the page from the host, while boot 1 runs: through qemu's
forwarded port (boot.sh --forward) it fetches what a phone on the home network would,
and checks the content against the music the test made.

- it signs in with the page's password (enable-web.sh sets it), as a person would;
- GET / is the page (its title, its script and style from crate-web itself);
- GET /api/albums lists the three albums of MUSIC_DIR/manifest.json by name;
- GET /api/crate answers the crate, and its albums are among those;
- GET /cover/ID of the first album is an image whose first bytes say what its
  Content-Type says, and a PNG (the test's covers are) is that album's colour.

Then it answers GET on 127.0.0.1:SIGNAL_PORT (10.0.2.2 to the guest), which stage 1
waits for before it reboots: the guest does not leave while the host still looks.

usage: check-web.py WEB_PORT SIGNAL_PORT MUSIC_DIR OUT_FILE TIMEOUT_SECONDS
Writes PASS/FAIL lines to OUT_FILE and stdout; serves the signal until killed.
"""
import http.server
import json
import os
import struct
import sys
import threading
import time
import urllib.error
import urllib.request
import zlib

web_port, signal_port, music, out_path, timeout = sys.argv[1:6]
base = f"http://127.0.0.1:{web_port}"
# enable-web.sh sets this [web] password: a page on the network has one.
PASSWORD = "crate-vm-page"
session = {}
lines = []


def report(ok, text):
    lines.append(("PASS " if ok else "FAIL ") + "host: " + text)
    print(lines[-1], flush=True)


def sign_in():
    """The page's sign-in: the password for a session cookie, kept for every GET."""
    request = urllib.request.Request(base + "/api/login", data=json.dumps({"password": PASSWORD}).encode(),
                                     headers={"Content-Type": "application/json", "Origin": base}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        session["Cookie"] = answer.headers["Set-Cookie"].split(";")[0]


def get(path):
    if not session and path.startswith(("/api/", "/cover/")):
        sign_in()
    request = urllib.request.Request(base + path, headers=dict(session))
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, answer.headers.get("Content-Type", ""), answer.read()


class Signal(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"done\n"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def png_first_pixel(data):
    """The top-left pixel of an 8-bit RGB PNG (make-music.py's covers), else None."""
    at, idat, header = 8, b"", None
    while at + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + size]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + size
    if not header or header[2:4] != (8, 2):
        return None
    rows = zlib.decompress(idat)
    # The first pixel of the first row is as stored under filter None or Sub.
    return tuple(rows[1:4]) if rows[0] in (0, 1) else None


def wait_for_library(names, deadline):
    """The page answers once the VM booted, crate-web listens and crated scanned."""
    last = "nothing answered"
    while time.monotonic() < deadline:
        try:
            status, _, body = get("/api/albums?limit=60")
            albums = json.loads(body).get("albums", [])
            if status == 200 and sorted(a["title"] for a in albums) == names:
                return albums, None
            last = f"{status}: {[a.get('title') for a in albums]}"
        except (OSError, ValueError, urllib.error.URLError) as error:
            last = str(error)
        time.sleep(0.5)
    return None, last


def main():
    with open(os.path.join(music, "manifest.json")) as handle:
        manifest = json.load(handle)
    names = sorted(os.path.basename(folder) for folder in manifest)
    started = time.monotonic()
    albums, why = wait_for_library(names, started + float(timeout))
    report(albums is not None, f"/api/albums through the forwarded port lists {', '.join(names)}"
           + (f" ({time.monotonic() - started:.0f} s after boot 1 started)" if albums else f" (last answer: {why})"))
    if albums:
        try:
            status, kind, page = get("/")
            text = page.decode()
            report(status == 200 and kind.startswith("text/html") and "<title>Crate</title>" in text
                   and 'src="/app.js"' in text and 'href="/app.css"' in text,
                   f"GET / is the page ({status}, {kind}, {len(page)} bytes, title Crate, its script and style)")
            status, kind, script = get("/app.js")
            report(status == 200 and "javascript" in kind and b"EventSource" in script,
                   f"GET /app.js is the page's script ({len(script)} bytes, listens to /api/events)")
            status, kind, body = get("/api/crate")
            items = json.loads(body)["crate"]["items"]
            titles = [item["album"]["title"] for item in items]
            report(status == 200 and kind == "application/json" and titles and set(titles) <= set(names),
                   f"GET /api/crate answers the crate: {', '.join(titles)}")
            first = min(albums, key=lambda a: a["title"])
            status, kind, cover = get(f"/cover/{first['id']}")
            magic = {"image/jpeg": b"\xff\xd8\xff", "image/png": b"\x89PNG\r\n\x1a\n"}.get(kind)
            report(status == 200 and magic is not None and cover.startswith(magic),
                   f"GET /cover/{first['id']} ({first['title']}) is a {kind} of {len(cover)} bytes, its magic bytes agree")
            if kind == "image/png":
                colour = [entry["cover"] for folder, entry in manifest.items()
                          if os.path.basename(folder) == first["title"]][0]
                pixel = png_first_pixel(cover)
                report(pixel == tuple(colour), f"the cover is {first['title']}'s colour {tuple(colour)} (read {pixel})")
        except (OSError, ValueError, KeyError, urllib.error.URLError) as error:
            report(False, f"fetching the page through the forwarded port: {error}")
    with open(out_path, "w") as out:
        out.write("\n".join(lines) + "\n")
    # Only now may the guest go on: it polls this until it answers.
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(signal_port)), Signal)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Event().wait()


if __name__ == "__main__":
    main()
