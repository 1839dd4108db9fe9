#!/usr/bin/python3
"""crate-web on loopback in front of crated on a big library (bench/web.sh): the
wall's first page ready in chromium, a cover tap → the first sample in the ALSA `file`
capture, a knob event (`input`) → the page updated (medians), and crate-web's RSS and
CPU while idle with a page open. Prints a table and writes OUT/web-results.json.

    web.py --bin DIR --music DIR --store DIR --out DIR [--reps 7] [--idle 30]

--store: crated's scanned state for that music (library.sqlite and the rest of its
state_dir), copied in before crated starts; made by this run when it is not there yet
(crated's first scan of the whole library, then a clean stop, then the copy).
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Web"))
from web_rig import Rig, request  # noqa: E402
from procstat import cpu_seconds, mem_kib  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def log(message):
    print("[web] " + message, file=sys.stderr, flush=True)


def wait(condition, timeout=60, pause=0.002):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(pause)
    raise RuntimeError("timed out")


def scanned(rig, fresh):
    """Starts crated and waits until its library is there and its start-up work is done:
    on an empty store (fresh) the whole first scan; on a kept one crated does not scan
    again at start (its watch and timed rescans catch changes), so until crated's CPU
    settles (the watch on every folder is set up then). Returns library-stats."""
    started = time.time()
    rig.start_crated()
    deadline = started + 4 * 3600
    while time.time() < deadline:
        stats = request(rig.sock, cmd="library-stats")["library"]
        last = stats.get("lastScan")
        if last and stats["albums"] > 0 and (not fresh or last["startedAt"] >= started - 1):
            break
        time.sleep(1)
    else:
        raise RuntimeError("crated's scan did not end within 4 hours")
    while time.time() < deadline:
        before = cpu_seconds(rig.crated.pid)
        time.sleep(2)
        if cpu_seconds(rig.crated.pid) - before < 0.1:
            return stats
    raise RuntimeError("crated stayed busy")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--music", required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--idle", type=float, default=30)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="crate-web-bench-")
    rig = Rig(work, args.bin, args.music)
    driver = None
    try:
        state = os.path.join(work, "state")
        kept = os.path.isdir(args.store)
        if kept:
            shutil.copytree(args.store, state)
        stats = scanned(rig, fresh=not kept)
        if not kept:
            # A clean stop checkpoints the WAL: the copy is the whole store.
            rig.stop_crated()
            shutil.copytree(state, args.store + ".tmp")
            os.rename(args.store + ".tmp", args.store)
            log("kept the scanned store in %s" % args.store)
            stats = scanned(rig, fresh=False)
        albums = stats["albums"]
        scan = stats["lastScan"]
        log("library: %d albums (%s store; its last scan: %.0f s, %d files read)"
            % (albums, "kept" if kept else "new", scan["seconds"], scan.get("filesRead", 0)))
        rig.start_web()
        options = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(flag)
        options.binary_location = shutil.which("chromium")
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        driver.set_window_size(390, 844)

        first_page = []
        for _ in range(args.reps):
            driver.get("about:blank")
            driver.get(rig.url + "/")
            first_page.append(wait(lambda: driver.execute_script(
                "const m = performance.getEntriesByName('wall'); return m.length ? m[0].startTime : null")))
        log("first page: %s ms" % first_page)

        crate = request(rig.sock, cmd="crate")["crate"]["items"]
        tap = []
        for n in range(min(args.reps, len(crate))):
            request(rig.sock, cmd="stop")
            time.sleep(0.5)
            before = os.path.getsize(rig.capture) if os.path.exists(rig.capture) else 0
            tile = driver.find_elements(By.CSS_SELECTOR, "#covers .cover img")[n]
            driver.execute_script("arguments[0].scrollIntoView()", tile)
            began = time.time()
            tile.click()
            wait(lambda: os.path.exists(rig.capture) and os.path.getsize(rig.capture) > before, pause=0.0005)
            tap.append((time.time() - began) * 1000)
        log("tap → first sample: %s ms" % tap)

        knob = []
        for n in range(args.reps):
            driver.execute_script("window.knobShownAt = null")
            sent = time.time() * 1000
            request(rig.sock, cmd="input", gesture="turn", detents=1 if n % 2 == 0 else -1)
            shown = wait(lambda: driver.execute_script("return window.knobShownAt"))
            knob.append(shown - sent)
        log("knob → page: %s ms" % knob)

        request(rig.sock, cmd="stop")
        time.sleep(2)
        cpu0 = cpu_seconds(rig.web.pid)
        time.sleep(args.idle)
        idle_cpu = (cpu_seconds(rig.web.pid) - cpu0) / args.idle * 100
        rss = mem_kib(rig.web.pid, ("VmRSS",))["VmRSS"]
        results = {
            "albums": albums,
            "last_scan_seconds": scan["seconds"],
            "store_kept": kept,
            "first_page_ms": statistics.median(first_page),
            "tap_to_first_sample_ms": statistics.median(tap),
            "knob_to_page_ms": statistics.median(knob),
            "idle_cpu_percent": idle_cpu,
            "idle_rss_mib": rss / 1024,
            "samples": {"first_page": first_page, "tap": tap, "knob": knob},
        }
        print("crate-web, %d albums, medians of %d" % (albums, args.reps))
        print("  wall's first page ready     %7.1f ms   (goal < 300)" % results["first_page_ms"])
        print("  cover tap → first sample    %7.1f ms" % results["tap_to_first_sample_ms"])
        print("  knob event → page updated   %7.1f ms   (goal < 100)" % results["knob_to_page_ms"])
        print("  idle CPU, a page open       %7.3f %%    (over %d s)" % (idle_cpu, args.idle))
        print("  idle RSS                    %7.1f MiB" % results["idle_rss_mib"])
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "web-results.json"), "w") as f:
            json.dump(results, f, indent=2)
    finally:
        if driver:
            driver.quit()
        rig.stop()


if __name__ == "__main__":
    main()
