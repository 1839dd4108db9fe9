"""The page as a person meets it (issue 39), run by browser_test.py on its rig: the wall
as the page's face, covers revalidated by ETag, the now-playing bar on every view, the
album page, artists and genres one tap away, the installable page in light and dark, and
the page by keyboard and screen reader (a Plex album's side: plex_checks.py)."""
import json
import os
import re
import struct
import time
import urllib.error
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from web_rig import GENRES, RATE, THREE_TRACK_HZ, request


def wait(what, condition, timeout=10, pause=0.05):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = condition()
            if last:
                return last
        except Exception as error:  # the page may be between two renders
            last = error
        time.sleep(pause)
    raise AssertionError("timed out waiting for %s (last: %r)" % (what, last))


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def fetch(url, headers=None):
    """(status, headers, body) of a GET, 304s and errors included."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


class PageChecks:
    ALBUMS = 40

    def click(self, element):
        """A click as a finger's, on an element brought to the middle of the screen (not under the bar)."""
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def rect(self, selector):
        return self.js("const r = document.querySelector(arguments[0]).getBoundingClientRect(); "
                       "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}", selector)

    def across(self):
        """Covers in the wall's first row, and where that row starts and ends."""
        return self.js("""const r = [...document.querySelectorAll('#covers .cover .art')].slice(0, 12).map(e => e.getBoundingClientRect());
            const row = r.filter(x => Math.abs(x.top - r[0].top) < 1);
            return {n: row.length, left: row[0].left, right: row[row.length - 1].right, side: row[0].width,
                    width: document.documentElement.clientWidth};""")

    def test_the_wall_is_the_pages_face(self):
        self.tab("wall")
        self.js("window.scrollTo(0, 0)")
        crate = request(self.rig.sock, cmd="crate")["crate"]
        # Covers edge to edge, two or three across on a phone, more on a laptop.
        row = self.across()
        check(row["n"] in (2, 3), "two or three covers across a phone: %s" % row)
        check(row["left"] <= 1 and row["right"] >= row["width"] - 1, "edge to edge on a phone: %s" % row)
        check(row["side"] >= 120, "large covers on a phone: %s" % row)
        self.size("laptop")
        time.sleep(0.3)
        wide = self.across()
        check(wide["n"] >= 5, "more across on a laptop: %s" % wide)
        self.size("phone")
        time.sleep(0.3)
        # The dial's five positions, each with its line, the crate's own pressed.
        dial = self.js("return [...document.querySelectorAll('#dial button')].map(b => [b.dataset.position, "
                       "b.querySelector('span').textContent, b.getAttribute('aria-pressed')])")
        check(len(dial) == 5 and all(d[1] for d in dial), "five positions with their lines: %s" % dial)
        check([d[0] for d in dial if d[2] == "true"] == [crate["dial"]], "the crate's position is the one pressed: %s" % dial)
        # The other crates one tap away: on the first screen of a phone.
        for label in ("Crate Wall", "Favorites", "Genres", "Artists A–Z", "CDs wallet"):
            button = next(b for b in self.driver.find_elements(By.CSS_SELECTOR, "#crates button") if b.text == label)
            box = self.js("const r = arguments[0].getBoundingClientRect(); "
                          "return [r.left, r.right, r.bottom, document.documentElement.clientWidth, innerHeight]", button)
            check(button.is_displayed() and box[0] >= 0 and box[1] <= box[3] and box[2] <= box[4], "%s on the first screen: %s" % (label, box))
        # How crated filled the crate stays off the page.
        check(crate["notes"], "crated has notes on this crate (else this check could not fail): %s" % crate)
        text = self.driver.find_element(By.TAG_NAME, "body").text
        for note in crate["notes"]:
            check(note not in text, "the crate's internals on the page: %r" % note)
        check(not re.search(r"\bhad \d+ of \d+", text), "no counters in words: %r" % text[:400])

    def test_covers_are_revalidated_by_etag(self):
        album = request(self.rig.sock, cmd="crate")["crate"]["items"][0]["album"]["id"]
        url = self.rig.url + "/cover/%d?size=thumb" % album
        status, headers, body = fetch(url)
        etag = headers.get("ETag")
        check(status == 200 and etag and body, "a cover with its ETag: %s %s" % (status, etag))
        status, headers, body = fetch(url, {"If-None-Match": etag})
        check(status == 304 and body == b"" and headers.get("ETag") == etag, "the same cover again: 304, no picture: %s %r" % (status, body[:20]))
        status, _, body = fetch(url, {"If-None-Match": '"0000000000000000"'})
        check(status == 200 and body, "another ETag gets the picture: %s" % status)
        _, large, _ = fetch(self.rig.url + "/cover/%d?size=large" % album)
        check(large.get("ETag") not in (None, etag), "the large cover is another picture: %s" % large.get("ETag"))

    def test_the_now_playing_bar_is_on_every_view(self):
        album = next(a for a in request(self.rig.sock, cmd="albums")["albums"] if a["title"] == "Album 2")
        request(self.rig.sock, cmd="play", album=album["id"])
        for view in ("wall", "search", "box", "album"):
            if view == "album":
                self.js("openAlbum(arguments[0])", album["id"])
                wait("the album page", lambda: self.driver.find_element(By.ID, "album").is_displayed())
            else:
                self.tab(view)
            bar = self.driver.find_element(By.ID, "np-bar")
            wait("the bar on %s to show the track" % view, lambda: "Track" in self.driver.find_element(By.ID, "bar-title").text)
            box = self.rect("#np-bar")
            height = self.js("return innerHeight")
            check(bar.is_displayed() and abs(box["bottom"] - height) <= 1 and box["height"] < 100, "the bar at the bottom of %s: %s" % (view, box))
            check("Album 2" in self.driver.find_element(By.ID, "bar-album").text, "the bar names the album on %s" % view)
        self.tab("wall")
        self.screenshot("bar")
        # Pause and play from the bar, and the next track.
        state = lambda: request(self.rig.sock, cmd="status")["status"]["player"]
        self.driver.find_element(By.ID, "bar-toggle").click()
        wait("paused from the bar", lambda: state()["state"]["state"] == "paused")
        wait("the bar offers play", lambda: self.driver.find_element(By.ID, "bar-toggle").get_attribute("aria-label") == "Play")
        self.driver.find_element(By.ID, "bar-toggle").click()
        wait("playing again", lambda: state()["state"]["state"] == "playing")
        first = state()["currentIndex"]
        self.driver.find_element(By.CSS_SELECTOR, '#np-bar [data-do="next"]').click()
        wait("the next track from the bar", lambda: state()["currentIndex"] == first + 1)
        # Expanded: the whole view, the bar gone, and on a laptop the width used.
        self.driver.find_element(By.ID, "bar-open").click()
        wait("the full view", lambda: self.driver.find_element(By.ID, "playing").is_displayed())
        check(not self.driver.find_element(By.ID, "np-bar").is_displayed(), "the bar gives way to the full view")
        self.size("laptop")
        time.sleep(0.3)
        cover, side = self.rect("#np-cover"), self.rect(".np-side")
        check(cover["width"] >= 400 and side["left"] > cover["right"] and side["right"] > 1000,
              "cover and controls side by side across the laptop: %s %s" % (cover, side))
        self.size("phone")
        self.driver.find_element(By.ID, "np-close").click()
        wait("back on the wall", lambda: self.driver.find_element(By.ID, "wall").is_displayed())

    def capture_hz(self, seconds=0.5, skip=0.25):
        """The left channel's frequency over `seconds` of the capture, `skip` seconds on
        from now (what the device had buffered from before is past by then)."""
        start = os.path.getsize(self.rig.capture) + int(skip * RATE) * 4
        wait("the capture to grow", lambda: os.path.getsize(self.rig.capture) >= start + int(seconds * RATE) * 4, timeout=10)
        with open(self.rig.capture, "rb") as f:
            f.seek(start - start % 4)
            data = f.read(int(seconds * RATE) * 4)
        left = struct.unpack("<%dh" % (len(data) // 2), data[: len(data) // 2 * 2])[0::2]
        crossings = sum(1 for a, b in zip(left, left[1:]) if (a < 0) != (b < 0))
        return crossings / 2 / (len(left) / RATE)

    def test_the_album_page_plays_from_track_three(self):
        title = "Album %d" % (self.ALBUMS - 1)
        album = next(a for a in request(self.rig.sock, cmd="albums")["albums"] if a["title"] == title)
        self.js("openAlbum(arguments[0])", album["id"])
        wait("its three tracks", lambda: len(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks li")) == 3)
        tracks = [li.text for li in self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks li")]
        check(all(re.search(r"\d+:\d\d$", t) for t in tracks), "tracks with lengths: %s" % tracks)
        genre = GENRES[(self.ALBUMS - 1) % len(GENRES)]
        check(genre in self.driver.find_element(By.ID, "album-genres").text, "the album's genre: %s" % genre)
        # Like is a switch, and crated knows.
        opinion = lambda: request(self.rig.sock, cmd="album", album=album["id"])["album"].get("opinion")
        like = self.driver.find_element(By.ID, "album-like")
        self.click(like)
        wait("liked", lambda: opinion() == "liked" and like.get_attribute("aria-pressed") == "true")
        self.click(like)
        wait("the like taken back", lambda: opinion() is None and like.get_attribute("aria-pressed") == "false")
        # Play later: queued after what plays.
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#album-actions [data-album="queue-add"]'))
        wait("queued", lambda: album["id"] in [a["id"] for a in request(self.rig.sock, cmd="queue")["queue"]["queued"]])
        self.screenshot("album-three")
        # Track 3 from the page, heard: its tone, not the first track's.
        self.click(self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks li button")[2])
        status = lambda: request(self.rig.sock, cmd="status")["status"]
        wait("track 3 playing", lambda: status()["album"]["id"] == album["id"] and status()["player"]["currentIndex"] == 2)
        wait("track 3 marked on the page", lambda: self.js("return [...document.querySelectorAll('#album-tracks li')].findIndex(l => l.classList.contains('now'))") == 2)
        hz = self.capture_hz()
        check(abs(hz - 3 * THREE_TRACK_HZ) < 30, "track 3's tone in the capture: %.0f Hz, not %d" % (hz, 3 * THREE_TRACK_HZ))
        # The genre, one tap: its crate on the wall.
        self.click(next(b for b in self.driver.find_elements(By.CSS_SELECTOR, "#album-genres button") if b.text == genre))
        wait("the genre's crate", lambda: genre in self.driver.find_element(By.ID, "crate-name").text)
        check(self.driver.find_element(By.ID, "wall").is_displayed(), "on the wall")

    def test_artists_and_genres_are_one_tap_away(self):
        self.tab("wall")
        self.js("window.scrollTo(0, 0)")
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#crates [data-pick="artists"]'))
        counts = {}
        for a in request(self.rig.sock, cmd="albums")["albums"]:
            counts[a["artist"]] = counts.get(a["artist"], 0) + 1
        want = ["%s · %d" % (name, n) for name, n in sorted(counts.items())]
        wait("the artists under A", lambda: [b.text for b in self.driver.find_elements(By.CSS_SELECTOR, "#artist-list button")] == want)
        self.screenshot("artists")
        self.click(next(b for b in self.driver.find_elements(By.CSS_SELECTOR, "#artist-list button") if b.text.startswith("Artist 1 ")))
        wait("the artist's crate", lambda: "Artist 1" in self.driver.find_element(By.ID, "crate-name").text)
        items = request(self.rig.sock, cmd="crate")["crate"]["items"]
        check(items and all(i["album"]["artist"] == "Artist 1" for i in items), "only Artist 1: %s" % [i["album"]["artist"] for i in items])
        check(self.driver.find_element(By.ID, "pick-artists").get_attribute("hidden") is not None, "the list closes")
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#crates [data-pick="genres"]'))
        jazz = wait("the genres", lambda: next(b for b in self.driver.find_elements(By.CSS_SELECTOR, "#genre-list button") if b.text.startswith("Jazz ")))
        self.click(jazz)
        wait("the Jazz crate", lambda: "Jazz" in self.driver.find_element(By.ID, "crate-name").text)
        items = request(self.rig.sock, cmd="crate")["crate"]["items"]
        check(items and all(i["album"]["superGenre"] == "Jazz" for i in items), "only Jazz")
        # The dial in a genre crate keeps the genre, as the knob does; the Crate Wall is one tap back.
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#dial [data-position="deep-dig"]'))
        wait("the genre reweighted", lambda: request(self.rig.sock, cmd="crate")["crate"]["dial"] == "deep-dig")
        check("Jazz" in self.driver.find_element(By.ID, "crate-name").text, "still the Jazz crate")
        self.click(self.driver.find_element(By.CSS_SELECTOR, '#crates [data-crate="wall"]'))
        wait("the Crate Wall", lambda: "Jazz" not in self.driver.find_element(By.ID, "crate-name").text)
        genres = {i["album"]["superGenre"] for i in request(self.rig.sock, cmd="crate")["crate"]["items"]}
        check(len(genres) > 1, "the whole library again: %s" % genres)

    def test_the_page_installs_and_follows_light_and_dark(self):
        href = self.js("return document.querySelector('link[rel=manifest]').href")
        status, headers, body = fetch(href)  # as the browser fetches it: no cookie
        check(status == 200 and "manifest+json" in headers.get("Content-Type", ""), "the manifest: %s" % status)
        manifest = json.loads(body)
        check(manifest["display"] == "standalone" and manifest["start_url"] == "/", "opens as an app: %s" % manifest)
        sides = set()
        for icon in manifest["icons"]:
            status, headers, body = fetch(self.rig.url + icon["src"])
            check(status == 200 and headers.get("Content-Type") == icon["type"], "icon %s: %s" % (icon["src"], status))
            if icon["type"] == "image/png":
                width, height = struct.unpack(">II", body[16:24])
                check("%dx%d" % (width, height) == icon["sizes"], "icon %s is %dx%d" % (icon["src"], width, height))
                sides.add(width)
        check({192, 512} <= sides, "icons for the home screen and the splash: %s" % sides)
        looks = {}
        for scheme in ("dark", "light"):
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            looks[scheme] = self.js("const c = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number); return c[0] + c[1] + c[2]")
            if scheme == "dark":  # headless chromium is light unless told
                self.tab("wall")
                self.js("window.scrollTo(0, 0)")
                self.screenshot("wall-dark")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": ""}]})
        check(looks["light"] > 600 and looks["dark"] < 150, "a light ground when the phone is light, a dark one when dark: %s" % looks)

    def test_keyboard_and_screen_reader(self):
        self.tab("wall")
        self.js("window.scrollTo(0, 0)")
        unnamed = self.js("return [...document.querySelectorAll('button, input, select')].filter(b => b.offsetParent !== null "
                          "&& !(b.getAttribute('aria-label') || b.textContent.trim() || (b.labels && b.labels.length))).map(b => b.outerHTML.slice(0, 80))")
        check(not unnamed, "every control has a name for a screen reader: %s" % unnamed)
        self.js("document.activeElement && document.activeElement.blur()")
        for _ in range(40):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            if self.js("return document.activeElement.classList.contains('art')"):
                break
        focused = self.js("const e = document.activeElement, s = getComputedStyle(e); "
                          "return {art: e.classList.contains('art'), outline: s.outlineStyle, width: s.outlineWidth, "
                          "label: e.getAttribute('aria-label'), id: Number(e.parentElement.dataset.id)}")
        check(focused["art"], "Tab reaches the covers: %s" % focused)
        check(focused["outline"] != "none" and focused["width"] != "0px", "the focus is seen: %s" % focused)
        check(focused["label"].startswith("Play "), "the cover says what it does: %s" % focused)
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()
        wait("Enter on a cover plays it", lambda: (request(self.rig.sock, cmd="status")["status"].get("album") or {}).get("id") == focused["id"])
        self.screenshot("focus")
