#!/usr/bin/env python3
"""The power-cut test's verdict, on the host. Prints a PASS/FAIL line for:

- every check the guest recorded after each cut (results/checks);
- every cut: the host cut the power (boot.sh exit 10), and the serial line shows the
  guest's activity still writing when it did: its last POWERCUT line before the kill
  is the WINDOW or a BUSY one, never IDLE (the write had ended: a cut that proves
  nothing) or ERROR;
- every boot reported (the set-up, one after each cut, the final one): a cut whose
  next boot never reported is a failure, not a gap.

Ends with `powercut: N passed, M failed` alone on a line; exits 1 on any failure.
usage: check-results.py WORK_DIR CYCLES  (WORK_DIR: cuts, bootNN.log, results/)
"""
import os
import re
import sys

passed = failed = 0


def report(ok, text):
    global passed, failed
    print(("PASS " if ok else "FAIL ") + text)
    passed += ok
    failed += not ok


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def the_window(work, cut, kind, delay, rc, seconds):
    if rc != 10:
        return report(False, f"cut {cut:02d} ({kind}): the power was never cut (boot.sh exit {rc} after {seconds} s)")
    serial = read(os.path.join(work, f"boot{cut - 1:02d}.log"))
    marks = [m.group(1, 2) for m in (re.search(rf"POWERCUT-(\w+) cut={cut} kind=\w+ ?(.*)", line) for line in serial) if m]
    if not marks or marks[0][0] != "WINDOW":
        return report(False, f"cut {cut:02d} ({kind}): no POWERCUT-WINDOW line on the serial log")
    last, detail = marks[-1]
    busy = sum(1 for what, _ in marks if what == "BUSY")
    report(last in ("WINDOW", "BUSY"),
           f"cut {cut:02d} ({kind}): power cut {delay} s after the write began, "
           + (f"while it went on ({busy} progress lines; last: {detail.strip() or last})" if last in ("WINDOW", "BUSY")
              else f"but the activity said {last}: {detail.strip()}"))


def main(work, cycles):
    cuts = {}
    for line in read(os.path.join(work, "cuts")):
        cut, kind, delay, rc, seconds = line.split()
        cuts[int(cut)] = (kind, float(delay), int(rc), int(seconds))
    results = os.path.join(work, "results")
    for line in read(os.path.join(results, "checks")):
        report(line.startswith("PASS "), "guest: " + line[5:])
    for cut in range(1, cycles + 1):
        if cut not in cuts:
            report(False, f"cut {cut:02d}: never happened (an earlier boot ended the run)")
        else:
            the_window(work, cut, *cuts[cut])
    reported = read(os.path.join(results, "reported"))
    for boot in range(cycles + 1):
        what = "the set-up boot" if boot == 0 else f"the boot after cut {boot:02d}"
        report(str(boot) in reported, f"{what} reported its checks")
    report("finished" in reported, "the last boot finished and powered off")
    print(f"powercut: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
