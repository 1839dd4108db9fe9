#!/usr/bin/env python3
"""The power-cut test's guest half (crate-powercut.service, after crated.service). Every
boot checks what the last cut left, then starts the next cut's write-heavy activity,
which the host ends by killing the VM (see ../power-cut-test.sh). Boot 0 sets up
(scan, Plex sign-in); the boot after the last cut only checks, then powers off.

  /var/lib/crate-vm/powercut/cycles   how many cuts (written by the host)
  /var/lib/crate-vm/powercut/cut      the cut the current activity belongs to
  /var/lib/crate-vm/results/          checks, reported, boot-NN.log: read out by the host
"""
import os
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import activities  # noqa: E402
import checks  # noqa: E402
import tamper  # noqa: E402
from pclib import OUT, PC, Crated, Report, append, crated_ready, kind_of, lines, log, mark, read_json, replace, until  # noqa: E402


def power_off():
    log("powering off")
    subprocess.run(["systemctl", "--no-block", "poweroff"])


def main():
    os.makedirs(OUT, exist_ok=True)
    cycles = int(lines(PC + "/cycles")[0])
    done = int((lines(PC + "/cut") or ["0"])[0])
    kind = kind_of(done) if done else "setup"
    sys.stdout = sys.stderr = open(f"{OUT}/boot-{done:02d}.log", "a", buffering=1)
    with open("/proc/uptime") as f:
        booted = time.time() - float(f.read().split()[0])
    log(f"after cut {done} of {cycles} ({kind})")
    report = Report(done, kind)
    try:
        until(180, "crated active and answering", crated_ready)
    except TimeoutError as error:
        report.check(False, f"crated did not come up by itself after the cut: {error}")
        subprocess.run(["journalctl", "-b", "-u", "crated", "--no-pager", "-n", "80"])
        append(OUT + "/reported", str(done))
        return power_off()
    c = Crated()
    media = read_json(PC + "/media.json", None)
    if done == 0:
        try:
            activities.setup(c, media)
        except Exception as error:
            report.check(False, f"the set-up failed: {error}")
            traceback.print_exc()
            return power_off()
    else:
        if os.path.exists(PC + "/tamper"):   # the checks' own test: see tamper.py
            tamper.damage(done, kind)
        checks.run_all(report, done, kind, media, booted, time.time() - booted)
    append(OUT + "/reported", str(done))
    if done >= cycles:
        with open(OUT + "/crated.journal", "w") as f:
            subprocess.run(["journalctl", "-u", "crated", "--no-pager"], stdout=f)
        append(OUT + "/reported", "finished")
        return power_off()
    cut = done + 1
    replace(PC + "/cut", str(cut))
    try:
        activities.ACTIVITIES[kind_of(cut)](c, cut, media)
    except Exception as error:
        Report(cut, kind_of(cut)).check(False, f"the activity failed before the cut: {error}")
        traceback.print_exc()
        mark("ERROR", cut, kind_of(cut), str(error)[:100])
        power_off()


if __name__ == "__main__":
    main()
