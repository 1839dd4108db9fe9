"""A Plex album on the page, run by browser_test.py on its rig with the Plex stand-in
(Tests/Fixtures/plex_fixture.py): its cover from the server and "Keep offline"."""
import os
import subprocess
import wave

from selenium.webdriver.common.by import By

from benchlib import plex_sign_in, plex_wait, post_json
from page_checks import check, wait
from web_rig import RATE, request


class PlexChecks:
    def test_a_plex_album_its_cover_and_kept_offline(self):
        """A Plex album (the stand-in, Tests/Fixtures/plex_fixture.py): its cover from the
        server's transcoder on the page, and "Keep offline" on its album page kept by crated."""
        wav, mp3 = os.path.join(self.work, "plex.wav"), os.path.join(self.work, "plex.mp3")
        with wave.open(wav, "wb") as w:
            w.setnchannels(2)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(b"\0\0\0\0" * int(1.5 * RATE))
        subprocess.run(["lame", "--quiet", "-b", "128", wav, mp3], check=True)
        colour = [200, 100, 20]
        album = {"ratingKey": "900", "title": "Plex Album", "parentTitle": "Plex Artist", "type": "album", "year": 2001,
                 "addedAt": 1700000000, "updatedAt": 1700000000, "leafCount": "2", "Genre": [{"tag": "Soul"}],
                 "thumb": "/library/metadata/900/thumb/1700000000", "_cover": colour}
        tracks = [{"ratingKey": str(90000 + n), "parentRatingKey": "900", "title": "Plex Track %d" % n, "parentTitle": "Plex Album",
                   "grandparentTitle": "Plex Artist", "index": n, "duration": 1500, "updatedAt": 1700000000, "type": "track",
                   "_file": mp3, "Media": [{"container": "mp3", "audioCodec": "mp3", "Part": [{
                       "key": "/library/parts/%d/1700000000/file.mp3" % (90000 + n), "size": os.path.getsize(mp3), "container": "mp3"}]}]}
                  for n in (1, 2)]
        post_json(self.plex_url + "/__fixture/library", {"sections": [{"key": "3", "title": "Music", "type": "artist"}],
                                                         "albums": [album], "tracks": tracks})
        plex_sign_in(self.rig.sock, self.plex_url)
        request(self.rig.sock, cmd="plex-use", server="Fixture Server")
        plex_wait(self.rig.sock, lambda p: p.get("lastSync") and not p.get("syncing"), timeout=60)
        plex = wait("the Plex album in the library", lambda: next(
            (a for a in request(self.rig.sock, cmd="albums")["albums"] if a["title"] == "Plex Album"), None), timeout=20)
        self.tab("search")
        box = self.driver.find_element(By.ID, "query")
        box.clear()
        box.send_keys("plex album")
        tile = wait("the Plex album found", lambda: self.driver.find_element(By.CSS_SELECTOR, '#results .cover[data-id="%d"]' % plex["id"]))
        side = wait("its cover from the server", lambda: self.js("const i = arguments[0]; return i.complete && i.naturalWidth",
                                                                  tile.find_element(By.TAG_NAME, "img")), timeout=20)
        check(side == 320, "the Plex cover as the wall's thumbnail: %s px" % side)
        drawn = self.js("""const i = arguments[0], c = document.createElement('canvas'); c.width = c.height = 1;
            const g = c.getContext('2d'); g.drawImage(i, 0, 0, 1, 1); return [...g.getImageData(0, 0, 1, 1).data];""",
                        tile.find_element(By.TAG_NAME, "img"))
        check(all(abs(a - b) < 12 for a, b in zip(drawn, colour)), "the Plex album's own picture: %s vs %s" % (drawn, colour))
        self.click(tile.find_element(By.CSS_SELECTOR, ".more"))
        keep = wait("Keep offline on the Plex album's page", lambda: (lambda b: b if b.is_displayed() else None)(
            self.driver.find_element(By.ID, "album-keep")))
        check("Plex" in self.driver.find_element(By.ID, "album-source").text, "it says where it comes from")
        self.click(keep)
        wait("kept offline by crated", lambda: request(self.rig.sock, cmd="album", album=plex["id"])["album"].get("kept") is True)
        wait("the page says so", lambda: "Kept offline" in self.driver.find_element(By.ID, "album-keep").text)
        self.screenshot("album-plex")
        self.driver.find_element(By.ID, "album-back").click()
