#!/usr/bin/env bash
# The power-cut test (docs/testing.md: `make vm-powercut`): qemu is killed, not shut down, in the
# middle of crated's writes, again and again, and after every cut the next boot checks
# that nothing the box must keep was lost. Usage:
#   power-cut-test.sh [--deb FILE] [--cycles N] [--seed S] [--tamper]
#     --deb     the package to test (default: built here with deploy/build-deb.sh)
#     --cycles  cuts in all (default 30: a library scan, a Plex download and mid-album
#               playback in turn, 10 each)
#     --seed    for the cut delays (default: from the clock; printed, to replay a run)
#     --tamper  the checks' own test: each boot damages what the cut left before
#               checking it (powercut/tamper.py), so the run must fail
# One image, booted cycles + 1 times: boot 0 sets up (scan, Plex sign-in to the stand-in
# running in the guest); each boot checks the last cut (powercut/checks.py), then starts
# the next activity and prints POWERCUT-WINDOW on the serial line; the host waits a
# random delay and SIGKILLs qemu (boot.sh --cut-on). The verdict comes from
# powercut/check-results.py. Artefacts stay in $CRATE_VM_DIR/power-cut (-tamper).
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/vm/lib.sh
usage() { sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
here=deploy/vm/powercut
deb= cycles=30 seed=$(date +%s) tamper=0
while (($#)); do
  case $1 in
    --deb) deb=$(realpath "$2"); shift 2 ;;
    --cycles) cycles=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --tamper) tamper=1; shift ;;
    *) usage ;;
  esac
done
# One vCPU: Debian 13's 6.12 guest kernel, under multi-threaded TCG with two vCPUs, once
# took an int3 Oops in code the kernel was live-patching (crng_make_state, a static key
# flipped by another vCPU: QEMU 7.2 ran a stale translation) and panicked at boot, 1 boot
# in ~40. The cuts test durability, not parallelism; the boot test keeps two vCPUs.
export CRATE_VM_SMP=${CRATE_VM_SMP:-1}
work=$VM_WORK/power-cut
if ((tamper)); then work+=-tamper; fi   # a self-test keeps the real run's artefacts
safe_rm "$work"
mkdir -p "$work/overlay"
started=$SECONDS

deb=$(package_to_test "$deb" "$work")

log "making the music, the Plex stand-in's tracks and the scenario overlay"
overlay=$work/overlay
python3 "$here/make-media.py" "$overlay"
lib=$overlay/usr/local/lib/crate-vm/powercut
install -D -m 0644 -t "$lib" "$here"/{pclib,activities,checks,tamper}.py Tests/Fixtures/{plex_fixture,fixture_serve}.py
install -D -m 0755 -t "$lib" "$here"/{guest-cycle.py,plex-standin.py,snapshot.sh}
mkdir -p "$overlay/etc/systemd/system/multi-user.target.wants"   # enabled, as systemctl enable would
for unit in crate-powercut-snapshot crate-plex-standin crate-powercut; do
  install -m 0644 "$here/$unit.service" "$overlay/etc/systemd/system/"
  ln -s "../$unit.service" "$overlay/etc/systemd/system/multi-user.target.wants/$unit.service"
done
echo "$cycles" >"$overlay/var/lib/crate-vm/powercut/cycles"
if ((tamper)); then touch "$overlay/var/lib/crate-vm/powercut/tamper"; fi

log "making the disk image"
bash deploy/vm/make-image.sh "$work/disk.img" --deb "$deb" --overlay "$overlay" --size 2G \
  --run deploy/vm/scenario/edit-config.sh --run "$here/edit-config.sh"

# Delays from the moment the guest says the write began, inside each activity's window
# (a full rescan took ~9 s on Debian 12, about 4 on Debian 13: at most 2.5 s in;
# an album's download ~14 s at the stand-in's rate; playback until the cut), so the cut
# lands while the writes go on; check-results.py fails a cut that came after they ended.
log "$cycles cuts, seed $seed"
python3 - "$seed" "$cycles" >"$work/plan" <<'PY'
import random, sys
rng = random.Random(int(sys.argv[1]))
windows = {"scan": (0.3, 2.5), "plex": (0.3, 6.0), "play": (0.3, 8.0)}
for cut in range(1, int(sys.argv[2]) + 1):
    kind = ("scan", "plex", "play")[(cut - 1) % 3]
    print(cut, kind, round(rng.uniform(*windows[kind]), 2))
PY
: >"$work/cuts"
for ((boot = 0; boot <= cycles; boot++)); do
  t0=$SECONDS
  serial=$work/boot$(printf %02d "$boot").log
  # Boot 0 scans the library and syncs Plex first: longer. The timeouts only catch a hang.
  timeout=$((boot == 0 ? 900 : 300))
  if ((boot < cycles)); then
    read -r cut kind delay < <(sed -n "$((boot + 1))p" "$work/plan")
    rc=0
    bash deploy/vm/boot.sh "$work/disk.img" --timeout "$timeout" --log "$serial" \
      --cut-on "POWERCUT-WINDOW cut=$cut " --cut-delay "$delay" || rc=$?
    echo "$cut $kind $delay $rc $((SECONDS - t0))" >>"$work/cuts"
    if ((rc != 10)); then
      log "boot $boot ended without cut $cut (exit $rc); serial log: $serial"
      break
    fi
  else
    bash deploy/vm/boot.sh "$work/disk.img" --timeout "$timeout" --log "$serial" ||
      log "the last boot did not power off by itself; serial log: $serial"
  fi
  log "boot $boot done in $((SECONDS - t0)) s (total $((SECONDS - started)) s)"
done

bash deploy/vm/results.sh "$work/disk.img" "$work/results" ||
  log "no results in the image: see $work/boot00.log"
verdict=0
python3 "$here/check-results.py" "$work" "$cycles" || verdict=1
log "power-cut test finished in $((SECONDS - started)) s; artefacts in $work"
exit $verdict
