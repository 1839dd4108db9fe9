#!/usr/bin/env python3
"""A stand-in for plex.tv and a Plex Media Server, for Crate's tests.

Serves, on 127.0.0.1 (port printed on the first line of stdout):
  plex.tv   POST /api/v2/pins, GET /api/v2/pins/{id}, GET /api/v2/user, GET /api/v2/resources
  PMS       /identity, /library/sections, /library/sections/{id}/all?type=8|9|10,
            /library/sections/{id}/genre, /library/sections/{id}/collections,
            /library/metadata/{key}/children, /playlists, /playlists/{key}/items,
            /library/parts/... (the MP3 bytes, with Range), /:/rate, /:/timeline, /:/scrobble,
            /photo/:/transcode?url={thumb}&width=&height= (a PNG of that size in the album's
            "_cover" colour [r, g, b]; the token is required like everywhere else)
with the quirks real servers show (see ../shared/PLEX.md): paging headers required on
lists (400 without), hoisted parentTitle, string numbers, ids as strings, missing
parentIndex/year, Latin-1 bytes, 401 with an HTML body, 429 with Retry-After, slow
answers, bodies cut short.

The test drives it through /__fixture/* (no auth):
  POST /__fixture/library   the library as JSON (sections, albums, tracks, playlists, ...)
  POST /__fixture/mode      {"down": bool, "throttle": n, "retry_after": s, "fail5xx": n,
                             "slow": s, "cut_parts": bool, "no_paging_check": bool,
                             "short": {"9": n, "10": n}  (a section listing of that type serves
                                       only its first n items, while totalSize still says all:
                                       a page sequence that ends early, or {"size":0,"totalSize":N}),
                             "hide_albums": [ratingKey, ...]  (left out of the album listing,
                                       their tracks still listed),
                             "refuse_pins": bool  (plex.tv answers 401 to a new PIN),
                             "hold_pins": bool  (a new PIN is not answered until /__fixture/release,
                                       or until its client hangs up: a plex.tv that hangs),
                             "cover": "html" | "garbage" | "unauthorized"  (what the photo
                                       transcoder answers instead of the picture),
                             "cover_slow": s  (the transcoder waits s seconds first),
                             "refuse_token": n  (the next n requests that need the token answer
                                       401 although it is right, as a server restarting may),
                             "cut_replies": n  (the next n JSON answers of the server send half
                                       their body, then close: a reply cut off)}
  POST /__fixture/approve   the next PIN poll returns a token
  POST /__fixture/release   held PIN requests are answered (see hold_pins)
  GET  /__fixture/held      {"held": n}: PIN requests held now whose client is still connected
  GET  /__fixture/log       every request seen: method, path, query, selected headers
It exits when stdin closes.
"""
import json, select, socket, struct, threading, time, urllib.parse, zlib
from http.server import BaseHTTPRequestHandler

from fixture_serve import serve

TOKEN = "fixture-token-123"
STATE = {
    "library": {"sections": [], "albums": [], "tracks": [], "artists": [], "playlists": [],
                "collections": [], "genres": []},
    "mode": {}, "pins": {}, "approved": False, "log": [], "next_pin": 1000, "ratings": [],
    "held": 0, "released": False,
}
LOCK = threading.Lock()
# For the counted faults decided inside reply() and authorised(), which LOCK's holders call.
FAULTS = threading.Lock()


def container(items, key="Metadata", extra=None, start=0, size=None, total=None):
    mc = {"size": len(items), "offset": start, "totalSize": total if total is not None else len(items)}
    if items:
        mc[key] = items
    if extra:
        mc.update(extra)
    return {"MediaContainer": mc}


def png(width, height, rgb):
    """A real PNG (8-bit RGB, zlib) of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = (b"\x00" + bytes(rgb) * width) * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    # -- plumbing -------------------------------------------------------------------
    def reply(self, status, body=b"", content_type="application/json", headers=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command == "HEAD":
            return
        with FAULTS:
            cut = (content_type == "application/json" and not self.path.startswith("/__fixture")
                   and STATE["mode"].get("cut_replies", 0) > 0 and len(body) > 1)
            if cut:
                STATE["mode"]["cut_replies"] -= 1
        if cut:
            self.wfile.write(body[:len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.wfile.write(body)

    def query(self):
        return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query, keep_blank_values=True))

    def token(self):
        return self.headers.get("X-Plex-Token") or self.query().get("X-Plex-Token")

    def record(self):
        parts = urllib.parse.urlsplit(self.path)
        with LOCK:
            STATE["log"].append({"method": self.command, "path": parts.path, "query": self.query(),
                                 "client": self.headers.get("X-Plex-Client-Identifier"),
                                 "product": self.headers.get("X-Plex-Product"),
                                 "range": self.headers.get("Range"),
                                 "start": self.headers.get("X-Plex-Container-Start"),
                                 "size": self.headers.get("X-Plex-Container-Size")})

    def paging(self):
        q = self.query()
        start = self.headers.get("X-Plex-Container-Start", q.get("X-Plex-Container-Start"))
        size = self.headers.get("X-Plex-Container-Size", q.get("X-Plex-Container-Size"))
        if start is None or size is None:
            return None
        return int(start), int(size)

    def page(self, items, key="Metadata", extra=None, keep=None):
        paging = self.paging()
        if paging is None:
            if STATE["mode"].get("no_paging_check"):
                return self.reply(200, container(items, key, extra))
            return self.reply(400, b"<html><body>400 Bad Request</body></html>", "text/html")
        start, size = paging
        served = items if keep is None else items[:keep]
        chunk = served[start:start + size] if size > 0 else []
        return self.reply(200, container(chunk, key, extra, start, size, len(items)))

    def hold(self):
        """Says nothing until the test releases held requests (True) or the client hangs up (False)."""
        with LOCK:
            STATE["held"] += 1
        try:
            while True:
                with LOCK:
                    if STATE["released"]:
                        return True
                readable, _, _ = select.select([self.connection], [], [], 0.05)
                if readable and not self.connection.recv(1, socket.MSG_PEEK):
                    self.close_connection = True
                    return False
        finally:
            with LOCK:
                STATE["held"] -= 1

    def gate(self):
        """Mode switches that apply to every PMS/plex.tv request. True = answered already."""
        mode = STATE["mode"]
        if mode.get("down"):
            self.close_connection = True
            self.wfile.flush()
            self.connection.shutdown(2)
            return True
        with LOCK:
            if mode.get("throttle", 0) > 0:
                mode["throttle"] -= 1
                self.reply(429, b"Too Many Requests", "text/plain", {"Retry-After": str(mode.get("retry_after", 1))})
                return True
            if mode.get("fail5xx", 0) > 0:
                mode["fail5xx"] -= 1
                self.reply(503, b"<html>Service Unavailable</html>", "text/html")
                return True
        if mode.get("slow"):
            time.sleep(mode["slow"])
        return False

    def authorised(self):
        with FAULTS:
            refuse = STATE["mode"].get("refuse_token", 0) > 0
            if refuse:
                STATE["mode"]["refuse_token"] -= 1
        if self.token() == TOKEN and not refuse:
            return True
        self.reply(401, b"<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>",
                   "text/html")
        return False

    # -- dispatch -------------------------------------------------------------------
    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        self.record()
        path = urllib.parse.urlsplit(self.path).path
        if path == "/__fixture/log":
            with LOCK:
                return self.reply(200, STATE["log"])
        if path == "/__fixture/held":
            with LOCK:
                return self.reply(200, {"held": STATE["held"]})
        if self.gate():
            return
        if path.startswith("/api/v2/"):
            return self.plex_tv(path)
        if path == "/identity":
            return self.reply(200, container([], extra={"machineIdentifier": "fixture-machine", "version": "1.40.0"}))
        if not self.authorised():
            return
        lib = STATE["library"]
        q = self.query()
        if path == "/library/sections":
            return self.reply(200, container(lib["sections"], "Directory"))
        if path.startswith("/library/sections/"):
            rest = path.split("/")[3:]
            if len(rest) == 2 and rest[1] == "all":
                kind = q.get("type")
                items = {"8": lib["artists"], "9": lib["albums"], "10": lib["tracks"]}.get(kind, [])
                hidden = [str(k) for k in STATE["mode"].get("hide_albums", [])]
                if kind == "9" and hidden:
                    items = [a for a in items if str(a.get("ratingKey")) not in hidden]
                return self.page(items, keep=STATE["mode"].get("short", {}).get(kind))
            if len(rest) == 2 and rest[1] == "genre":
                return self.page(lib["genres"], "Directory")
            if len(rest) == 2 and rest[1] == "collections":
                return self.page(lib["collections"])
        if path.startswith("/library/collections/") and path.endswith("/children"):
            key = path.split("/")[3]
            collection = next((c for c in lib["collections"] if str(c.get("ratingKey")) == key), None)
            keys = collection.get("items", []) if collection else []
            by_key = {str(a.get("ratingKey")): a for a in lib["albums"]}
            return self.page([by_key[k] for k in keys if k in by_key])
        if path.startswith("/library/metadata/") and path.endswith("/children"):
            key = path.split("/")[3]
            tracks = [dict(t) for t in lib["tracks"] if str(t.get("parentRatingKey")) == key]
            album = next((a for a in lib["albums"] if str(a.get("ratingKey")) == key), {})
            for t in tracks:  # hoisted: the container carries the album's names
                t.pop("parentTitle", None)
                t.pop("grandparentTitle", None)
            return self.page(tracks, extra={"parentTitle": album.get("title"), "grandparentTitle": album.get("parentTitle")})
        if path == "/playlists":
            return self.page(lib["playlists"])
        if path.startswith("/playlists/") and path.endswith("/items"):
            key = path.split("/")[2]
            playlist = next((p for p in lib["playlists"] if str(p.get("ratingKey")) == key), None)
            keys = playlist.get("items", []) if playlist else []
            return self.page([t for t in lib["tracks"] if str(t.get("ratingKey")) in keys])
        if path == "/photo/:/transcode":
            return self.transcode(q)
        if path.startswith("/library/parts/"):
            if STATE["mode"].get("silent_parts"):
                # Accepts the request and says nothing at all: no status line, no byte.
                time.sleep(STATE["mode"]["silent_parts"])
                self.close_connection = True
                return
            return self.part(path)
        return self.reply(404, b"Not Found", "text/plain")

    def do_POST(self):
        self.record()
        path = urllib.parse.urlsplit(self.path).path
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if path == "/__fixture/library":
            with LOCK:
                STATE["library"].update(json.loads(body))
            return self.reply(200, {})
        if path == "/__fixture/mode":
            with LOCK:
                STATE["mode"] = json.loads(body)
            return self.reply(200, {})
        if path == "/__fixture/approve":
            with LOCK:
                STATE["approved"] = True
            return self.reply(200, {})
        if path == "/__fixture/release":
            with LOCK:
                STATE["released"] = True
            return self.reply(200, {})
        if self.gate():
            return
        if path == "/api/v2/pins" and STATE["mode"].get("hold_pins") and not self.hold():
            return
        if path == "/api/v2/pins" and STATE["mode"].get("refuse_pins"):
            return self.reply(401, b"<html><body><h1>401 Unauthorized</h1></body></html>", "text/html")
        if path == "/api/v2/pins":
            with LOCK:
                STATE["next_pin"] += 1
                pin = {"id": STATE["next_pin"], "code": "CR8T%d" % STATE["next_pin"], "authToken": None,
                       "expiresIn": 900, "clientIdentifier": self.headers.get("X-Plex-Client-Identifier")}
                STATE["pins"][pin["id"]] = pin
            return self.reply(201, pin)
        return self.reply(404, b"Not Found", "text/plain")

    def do_PUT(self):
        # Logged only when accepted: a test counts the write-backs the server really got.
        if self.gate() or not self.authorised():
            return
        self.record()
        path = urllib.parse.urlsplit(self.path).path
        if path in ("/:/rate", "/:/scrobble", "/:/timeline"):
            return self.reply(200, b"", "text/plain")
        return self.reply(404, b"Not Found", "text/plain")

    # -- plex.tv ----------------------------------------------------------------------
    def plex_tv(self, path):
        parts = path.split("/")
        if len(parts) == 5 and parts[3] == "pins":
            pin = STATE["pins"].get(int(parts[4]))
            if pin is None:
                return self.reply(404, {"errors": [{"code": 1020, "message": "Code not found or expired"}]})
            if STATE["approved"]:
                pin = dict(pin, authToken=TOKEN)
            return self.reply(200, pin)
        if not self.authorised():
            return
        if path == "/api/v2/user":
            return self.reply(200, {"id": 1, "uuid": "u-1", "username": "listener", "email": "l@example.org"})
        if path == "/api/v2/resources":
            host = "http://127.0.0.1:%d" % self.server.server_address[1]
            return self.reply(200, [
                {"name": "Living Room Player", "clientIdentifier": "player-1", "provides": "player,pubsub-player",
                 "connections": []},
                {"name": "Fixture Server", "clientIdentifier": "fixture-machine", "provides": "server",
                 "accessToken": TOKEN, "owned": True,
                 "connections": [{"uri": host, "local": True, "relay": False}]},
            ])
        return self.reply(404, b"Not Found", "text/plain")

    # -- media ------------------------------------------------------------------------
    def transcode(self, q):
        """The photo transcoder: the album whose thumb is `url`, as a PNG of width x height."""
        mode = STATE["mode"]
        if mode.get("cover_slow"):
            time.sleep(mode["cover_slow"])
        answer = mode.get("cover")
        if answer == "unauthorized":
            return self.reply(401, b"<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1>"
                              b"</body></html>", "text/html")
        if answer == "html":
            return self.reply(200, b"<html><body>Plex Media Server: please wait</body></html>", "text/html")
        if answer == "garbage":
            return self.reply(200, b"\xff\xd8\xff\xe0 not really a JPEG " * 20, "image/jpeg")
        album = next((a for a in STATE["library"]["albums"] if a.get("thumb") == q.get("url")), None)
        if album is None or not album.get("_cover"):
            return self.reply(404, b"Not Found", "text/plain")
        try:
            width, height = int(q.get("width", "0")), int(q.get("height", "0"))
        except ValueError:
            return self.reply(400, b"bad size", "text/plain")
        if not (0 < width <= 2000 and 0 < height <= 2000):
            return self.reply(400, b"bad size", "text/plain")
        return self.reply(200, png(width, height, album["_cover"]), "image/png")

    def part(self, path):
        track = next((t for t in STATE["library"]["tracks"]
                      if any(p.get("key") == path for m in t.get("Media", []) for p in m.get("Part", []))), None)
        if track is None or not track.get("_file"):
            return self.reply(404, b"Not Found", "text/plain")
        with open(track["_file"], "rb") as f:
            data = f.read()
        start = 0
        status = 200
        headers = {"Accept-Ranges": "bytes"}
        rng = self.headers.get("Range")
        if rng and rng.startswith("bytes="):
            start = int(rng[6:].split("-")[0] or 0)
            status = 206
            headers["Content-Range"] = "bytes %d-%d/%d" % (start, len(data) - 1, len(data))
        body = data[start:]
        self.send_response(status)
        self.send_header("Content-Type", "audio/mpeg")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        if self.command == "HEAD":
            return
        if STATE["mode"].get("cut_parts") and len(body) > 1:
            self.wfile.write(body[:max(1, len(body) // 3)])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
            return
        self.wfile.write(body)


if __name__ == "__main__":
    serve(Handler)
