#!/usr/bin/env python3
"""A stand-in for the Last.fm web service (ws.audioscrobbler.com/2.0/), for Crate's tests.

Serves, on 127.0.0.1 (port printed on the first line of stdout), POST / with form fields
(GET with a query string too), answering JSON as Last.fm does with format=json:
  auth.getToken           {"token": ...}
  auth.getSession         error 14 until the test approves the token, then
                          {"session": {"name": USER, "key": SESSION, "subscriber": 0}}
  track.updateNowPlaying  needs sk; {"nowplaying": {...}}
  track.scrobble          needs sk, POST; artist[i], track[i], timestamp[i], ... (i < 50)
                          or the plain names for one; {"scrobbles": {"@attr": {...}, ...}}
Every call is checked as Last.fm checks it: api_key must be KEY (error 10), api_sig must
be the md5 of the fields sorted by name (byte order), names and values concatenated,
then SECRET, with format and callback left out (error 13 otherwise); a session key other
than SESSION is error 9.

The test drives it through /__fixture/* (no signing):
  POST /__fixture/approve   every token issued so far is approved
  POST /__fixture/mode      {"down": bool        (the connection is closed, no answer),
                             "error": n          (every API call answers error n),
                             "garbage": bool     (200 with an HTML page),
                             "revoke": bool      (the session key is refused: error 9)}
  GET  /__fixture/log       every API call: {"method", "http", "params", "result"}
It exits when stdin closes.
"""
import hashlib, json, threading, urllib.parse
from http.server import BaseHTTPRequestHandler

from fixture_serve import serve

KEY = "fixture-api-key"
SECRET = "fixture-secret"
SESSION = "fixture-session-key"
USER = "crate-tester"
STATE = {"mode": {}, "tokens": {}, "next_token": 1, "log": []}
LOCK = threading.Lock()


def signature(params):
    names = sorted(k for k in params if k not in ("format", "callback", "api_sig"))
    text = "".join(k + params[k] for k in names) + SECRET
    return hashlib.md5(text.encode("utf-8")).hexdigest()


def error(code, message):
    return {"error": code, "message": message}


def call(http_method, params):
    mode = STATE["mode"]
    if mode.get("error"):
        return error(mode["error"], "the fixture answers error %d" % mode["error"])
    method = params.get("method", "")
    if params.get("api_key") != KEY:
        return error(10, "Invalid API key - You must be granted a valid key by last.fm")
    if params.get("api_sig") != signature(params):
        return error(13, "Invalid method signature supplied")
    if method == "auth.getToken":
        token = "token-%d" % STATE["next_token"]
        STATE["next_token"] += 1
        STATE["tokens"][token] = False
        return {"token": token}
    if method == "auth.getSession":
        token = params.get("token")
        if token not in STATE["tokens"]:
            return error(4, "Invalid authentication token supplied")
        if not STATE["tokens"][token]:
            return error(14, "This token has not been authorized")
        return {"session": {"name": USER, "key": SESSION, "subscriber": 0}}
    if method in ("track.updateNowPlaying", "track.scrobble"):
        if http_method != "POST":
            return error(3, "Invalid Method - write methods must be POST")
        if params.get("sk") != SESSION or mode.get("revoke"):
            return error(9, "Invalid session key - Please re-authenticate")
        if method == "track.updateNowPlaying":
            return {"nowplaying": {"artist": {"#text": params.get("artist", "")},
                                   "track": {"#text": params.get("track", "")}, "ignoredMessage": {"code": "0"}}}
        items = []
        indexed = any(k.startswith("artist[") for k in params)
        for i in range(50 if indexed else 1):
            suffix = "[%d]" % i if indexed else ""
            if "artist" + suffix not in params:
                break
            if "track" + suffix not in params or "timestamp" + suffix not in params:
                return error(6, "Invalid parameters - track and timestamp are required")
            items.append({name: params[name + suffix] for name in
                          ("artist", "track", "timestamp", "album", "albumArtist", "trackNumber", "duration")
                          if name + suffix in params})
        if not items or any(k.startswith("artist[") and int(k[7:-1]) >= 50 for k in params):
            return error(6, "Invalid parameters - 1 to 50 scrobbles")
        return {"scrobbles": {"scrobble": items, "@attr": {"accepted": len(items), "ignored": 0}}}
    return error(3, "Invalid Method - No method with that name in this package")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type="application/json"):
        if not isinstance(body, bytes):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def api(self, http_method, params):
        with LOCK:
            mode = dict(STATE["mode"])
            entry = {"method": params.get("method"), "http": http_method, "params": params}
            if mode.get("down"):
                entry["result"] = "down"
                STATE["log"].append(entry)
                self.close_connection = True
                return
            if mode.get("garbage"):
                entry["result"] = "garbage"
                STATE["log"].append(entry)
                self.reply(200, b"<html><body>Operation failed</body></html>", "text/html")
                return
            answer = call(http_method, params)
            entry["result"] = answer.get("error", "ok")
            STATE["log"].append(entry)
        # Last.fm answers API errors with 4xx/5xx statuses and the JSON error body.
        self.reply(200 if "error" not in answer else 400, answer)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/__fixture/log":
            with LOCK:
                self.reply(200, STATE["log"])
            return
        self.api("GET", dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True)))

    def do_POST(self):
        url = urllib.parse.urlsplit(self.path)
        raw = self.body()
        if url.path == "/__fixture/approve":
            with LOCK:
                for token in STATE["tokens"]:
                    STATE["tokens"][token] = True
            self.reply(200, {})
            return
        if url.path == "/__fixture/mode":
            with LOCK:
                STATE["mode"] = json.loads(raw or b"{}")
            self.reply(200, {})
            return
        params = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))
        params.update(urllib.parse.parse_qsl(raw.decode("utf-8"), keep_blank_values=True))
        self.api("POST", params)


if __name__ == "__main__":
    serve(Handler)
