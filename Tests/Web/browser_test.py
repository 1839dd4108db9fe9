#!/usr/bin/python3
"""The web page in a real browser (Debian's chromium through chromium-driver and
python3-selenium) against a real crated on a generated FLAC library, with crate-web in
between. Prints 'N passed, N failed' and the folder of screenshots (phone and laptop
sizes) it keeps as artefacts.

  python3 Tests/Web/browser_test.py [--bindir .build/debug] [--artefacts DIR]
"""
import argparse
import base64
import os
import shutil
import struct
import sys
import tempfile
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_rig  # noqa: E402
from page_checks import PageChecks, check, wait  # noqa: E402
from plex_checks import PlexChecks  # noqa: E402
from web_rig import RATE, Rig, make_library, request  # noqa: E402
from benchlib import plex_fixture  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

ALBUMS = 40
# Smaller than the library and taller than a phone's screen: the wall grows as it scrolls.
CRATE = 18
END_OF_CRATE = "The end of the crate: nothing more to add"
SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


class BrowserTest(PageChecks, PlexChecks):
    def __init__(self, args):
        self.args = args
        self.work = tempfile.mkdtemp(prefix="crate-web-test-")
        self.music = os.path.join(self.work, "music")
        self.names = make_library(self.music, ALBUMS)
        # The Plex stand-in from the start (crated is told where plex.tv is); its library
        # is loaded and crated signed in by the Plex check, after the wall's own checks.
        self.plex, self.plex_url = plex_fixture(ROOT)
        self.rig = Rig(self.work, args.bindir, self.music, crate_size=CRATE,
                       extra='[plex]\ntv_url = "%s"\nsync_interval = 0\n' % self.plex_url)
        self.shots = args.artefacts or os.path.join(self.work, "screenshots")
        os.makedirs(self.shots, exist_ok=True)
        self.driver = None

    def start(self):
        self.rig.start_crated()
        self.rig.wait_scanned(ALBUMS)
        self.rig.start_web()
        options = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(flag)
        options.binary_location = shutil.which("chromium")
        self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        self.size("phone")
        self.driver.get(self.rig.url + "/")
        wait("the wall's first covers", lambda: len(self.tiles()) > 0, timeout=20)

    def size(self, name):
        width, height = SIZES[name]
        self.driver.set_window_size(width, height)

    def tiles(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#covers .cover")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def tab(self, name):
        self.driver.find_element(By.CSS_SELECTOR, 'nav#tabs button[data-tab="%s"]' % name).click()

    def screenshot(self, page):
        for name in SIZES:
            self.size(name)
            time.sleep(0.3)
            self.driver.save_screenshot(os.path.join(self.shots, "%s-%s.png" % (page, name)))
        self.size("phone")

    # --- the checks -------------------------------------------------------------------

    def test_wall_shows_the_crate_in_order(self):
        crate = request(self.rig.sock, cmd="crate")["crate"]
        expected = [item["album"]["id"] for item in crate["items"]]
        check(len(expected) >= 2, "the crate has albums: %s" % crate)
        shown = wait("the whole crate on the wall", lambda: (lambda ids: ids if ids == expected else None)(
            [int(t.get_attribute("data-id")) for t in self.tiles()]))
        check(shown == expected, "wall %s, crate %s" % (shown, expected))
        # Every cover drawn from the artwork the daemon serves, by album id.
        loaded = wait("the covers to load", lambda: self.js(
            "return [...document.querySelectorAll('#covers img')].every(i => i.complete && i.naturalWidth > 0)"))
        check(loaded, "every cover loaded")
        sides = self.js("return [...new Set([...document.querySelectorAll('#covers img')].map(i => i.naturalWidth + 'x' + i.naturalHeight))]")
        check(sides == ["320x320"], "the wall's covers are crated's thumbnails, not the files as they are: %s" % sides)
        colour = self.js("""const i = document.querySelector('#covers img'); const c = document.createElement('canvas');
            c.width = c.height = 1; const g = c.getContext('2d'); g.drawImage(i, 0, 0, 1, 1); return [...g.getImageData(0, 0, 1, 1).data];""")
        first = next(n for n, (artist, title) in enumerate(self.names)
                     if title == crate["items"][0]["album"]["title"] and artist == crate["items"][0]["album"]["artist"])
        want = web_rig.COLOURS[first % len(web_rig.COLOURS)]
        check(all(abs(a - b) < 12 for a, b in zip(colour, want)), "first cover is its album's picture: %s vs %s" % (colour, want))
        self.screenshot("wall")

    def test_scrolling_past_the_end_grows_the_wall_until_the_crate_ends(self):
        self.tab("wall")
        ids = lambda: [int(t.get_attribute("data-id")) for t in self.tiles()]
        check(len(ids()) == CRATE, "before scrolling, the crate as made (a phone's screen shows no end): %d covers" % len(ids()))
        end = self.driver.find_element(By.ID, "wall-end")
        check(end.text == "", "no end while the crate can grow: %r" % end.text)
        self.js("window.scrollTo(0, document.body.scrollHeight)")
        grown = wait("more covers after scrolling to the end", lambda: len(ids()) > CRATE and ids())
        check(len(set(grown)) == len(grown), "each album once: %s" % grown)
        crate = request(self.rig.sock, cmd="crate")["crate"]
        check(len(crate["items"]) >= len(grown), "the daemon's crate grew too: %d" % len(crate["items"]))
        # On to the end: every album of the library, once, then the end of the crate said.
        def scrolled_to_end():
            self.js("window.scrollTo(0, document.body.scrollHeight)")
            return END_OF_CRATE in end.text
        wait("the end of the crate", scrolled_to_end, timeout=20, pause=0.3)
        shown = ids()
        check(len(shown) == ALBUMS and len(set(shown)) == ALBUMS, "all %d albums, each once: %s" % (ALBUMS, shown))
        check(shown == [i["album"]["id"] for i in request(self.rig.sock, cmd="crate")["crate"]["items"]],
              "the wall is the daemon's crate, in order")
        check(("%d albums" % ALBUMS) in self.driver.find_element(By.ID, "crate-name").text, "the count follows")
        self.screenshot("wall-end")
        self.js("window.scrollTo(0, 0)")

    def test_a_tap_on_a_cover_plays_that_album_gapless(self):
        ramp = next(a for a in request(self.rig.sock, cmd="albums")["albums"] if a["title"] == "Ramp")
        before = os.path.getsize(self.rig.capture) if os.path.exists(self.rig.capture) else 0
        tile = wait("the Ramp cover", lambda: next(t for t in self.tiles() if int(t.get_attribute("data-id")) == ramp["id"]))
        self.js("arguments[0].scrollIntoView()", tile)
        tile.find_element(By.TAG_NAME, "img").click()
        wait("the Ramp album to play", lambda: (request(self.rig.sock, cmd="status")["status"].get("album") or {}).get("id") == ramp["id"])
        wait("the page to show it", lambda: "Ramp" in self.driver.find_element(By.ID, "np-album").get_attribute("textContent"))
        # Two tracks of one second each: the ramp must arrive whole, across the track boundary.
        need = before + 2 * RATE * 4 * 2 + RATE
        wait("the album in the capture", lambda: os.path.getsize(self.rig.capture) >= need, timeout=20)
        with open(self.rig.capture, "rb") as f:
            f.seek(before - before % 4)
            data = f.read()
        left = struct.unpack("<%dh" % (len(data) // 4 * 2), data[: len(data) // 4 * 4])[0::2]
        start = next(i for i in range(len(left) - 1) if left[i] == 0 and left[i + 1] == 1)
        run = 1
        while start + run < len(left) and (left[start + run] - left[start + run - 1]) & 0xFFFF == 1:
            run += 1
        check(run >= 2 * RATE, "the ramp plays unbroken through both tracks: %d of %d samples in order" % (run, 2 * RATE))

    def snapshot(self):
        return base64.b64decode(request(self.rig.sock, cmd="display-snapshot")["snapshot"])

    def test_like_on_the_page_shows_on_the_panel(self):
        request(self.rig.sock, cmd="play", album=next(a["id"] for a in request(self.rig.sock, cmd="albums")["albums"] if a["title"] == "Album 1"))
        request(self.rig.sock, cmd="pause")
        self.driver.find_element(By.ID, "bar-open").click()
        wait("the page to show Album 1", lambda: "Album 1" in self.driver.find_element(By.ID, "np-album").text)
        time.sleep(0.5)
        plain = self.snapshot()
        self.driver.find_element(By.ID, "np-like").click()
        liked = wait("the panel to change", lambda: (lambda s: s if s != plain else None)(self.snapshot()))
        check(liked != plain, "the like shows on the panel")
        history = request(self.rig.sock, cmd="history")["history"]
        check(any(h["album"]["title"] == "Album 1" and h.get("opinion") == "liked" for h in history), "Album 1 is liked")
        self.screenshot("playing")
        self.driver.find_element(By.ID, "np-unlike").click()
        wait("the heart to go", lambda: self.snapshot() == plain)
        self.driver.find_element(By.ID, "np-close").click()

    def test_knob_turn_and_press_show_on_the_page(self):
        self.tab("wall")
        request(self.rig.sock, cmd="input", gesture="turn", detents=2)
        status = request(self.rig.sock, cmd="status")["status"]
        index = status["controls"].get("browseIndex")
        check(status["controls"]["mode"] == "browse" and index is not None, "the knob browses: %s" % status["controls"])
        wait("the knob's cover marked on the page", lambda: self.js(
            "const t = document.querySelector('#covers .cover.knob'); return t && Number(t.dataset.index)") == index)
        album = request(self.rig.sock, cmd="crate")["crate"]["items"][index]["album"]
        request(self.rig.sock, cmd="input", gesture="press", control="knob")
        wait("the pressed album on the page", lambda: album["title"] in self.driver.find_element(By.ID, "np-album").get_attribute("textContent"))
        wait("its cover marked playing", lambda: self.js(
            "const t = document.querySelector('#covers .cover.playing'); return t && Number(t.dataset.id)") == album["id"])

    def test_search_and_album_page(self):
        self.tab("search")
        box = self.driver.find_element(By.ID, "query")
        box.clear()
        box.send_keys("artist 1")
        # Every word in the artist or the title ("Album 11" by Artist 2 has a "1" too).
        want = sorted(t for a, t in self.names if all(w in (a + " " + t).lower() for w in ("artist", "1")))
        wait("the search results", lambda: sorted(e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "#results .cover .t")) == want)
        self.screenshot("search")
        self.driver.find_element(By.CSS_SELECTOR, "#results .cover .more").click()
        wait("the album page", lambda: self.driver.find_element(By.ID, "album-tracks").find_elements(By.TAG_NAME, "li"))
        tracks = [li.text for li in self.driver.find_elements(By.CSS_SELECTOR, "#album-tracks li")]
        check(len(tracks) == 2 and "0:02" in tracks[0], "tracks with lengths: %s" % tracks)
        check("FLAC" in self.driver.find_element(By.ID, "album-source").text, "the format is shown")
        side = wait("the album's large cover", lambda: self.js(
            "const i = document.getElementById('album-cover'); return i.complete && i.naturalWidth"))
        check(side == 800, "the album page shows the large cover: %s px" % side)
        self.screenshot("album")
        self.tab("box")
        wait("the box's status", lambda: "%d albums" % ALBUMS in self.driver.find_element(By.ID, "box-lines").text)
        self.screenshot("box")

    def test_a_crated_restart_is_survived(self):
        self.tab("wall")
        self.rig.stop_crated()
        wait("the page to say crated is gone", lambda: "not running" in self.driver.find_element(By.ID, "banner").text)
        self.screenshot("daemon-down")
        self.rig.start_crated()
        wait("the page to pick up again", lambda: self.driver.find_element(By.ID, "banner").get_attribute("hidden") is not None
             and self.js("return document.body.dataset.daemon") == "up", timeout=15)
        request(self.rig.sock, cmd="input", gesture="turn", detents=1)
        index = request(self.rig.sock, cmd="status")["status"]["controls"].get("browseIndex")
        wait("live events again", lambda: self.js(
            "const t = document.querySelector('#covers .cover.knob'); return t && Number(t.dataset.index)") == index)

    def run(self):
        tests = [name for name in dir(self) if name.startswith("test_")]
        # Growth first: a laptop-sized screenshot shows the wall's end and grows it.
        order = ["test_scrolling_past_the_end_grows_the_wall_until_the_crate_ends", "test_wall_shows_the_crate_in_order",
                 "test_the_wall_is_the_pages_face", "test_covers_are_revalidated_by_etag",
                 "test_a_tap_on_a_cover_plays_that_album_gapless",
                 "test_like_on_the_page_shows_on_the_panel", "test_the_now_playing_bar_is_on_every_view",
                 "test_the_album_page_plays_from_track_three", "test_artists_and_genres_are_one_tap_away",
                 "test_knob_turn_and_press_show_on_the_page", "test_search_and_album_page",
                 "test_the_page_installs_and_follows_light_and_dark", "test_keyboard_and_screen_reader",
                 "test_a_plex_album_its_cover_and_kept_offline",
                 "test_a_crated_restart_is_survived"]
        tests = order + [t for t in tests if t not in order]
        passed = failed = 0
        try:
            self.start()
            for name in tests:
                began = time.time()
                try:
                    getattr(self, name)()
                    passed += 1
                    print("PASS %s (%.1f s)" % (name, time.time() - began), flush=True)
                except Exception:
                    failed += 1
                    print("FAIL %s" % name, flush=True)
                    traceback.print_exc()
                    if self.driver:
                        self.driver.save_screenshot(os.path.join(self.shots, "FAILED-%s.png" % name))
        except Exception:
            failed += 1
            print("FAIL starting the rig", flush=True)
            traceback.print_exc()
        finally:
            if self.driver:
                self.driver.quit()
            self.rig.stop()
            self.plex.stdin.close()
            self.plex.wait()
        if failed:
            for log in ("crated.log", "crate-web.log"):
                path = os.path.join(self.work, log)
                if os.path.exists(path):
                    print("--- %s (last lines)" % log)
                    print("".join(open(path, errors="replace").readlines()[-30:]))
        print("screenshots: %s" % self.shots)
        print("%d passed, %d failed" % (passed, failed))
        return failed == 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--bindir", default=".build/debug")
    parser.add_argument("--artefacts")
    sys.exit(0 if BrowserTest(parser.parse_args()).run() else 1)
