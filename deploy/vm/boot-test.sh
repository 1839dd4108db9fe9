#!/usr/bin/env bash
# The boot test with simulated hardware (docs/testing.md: `make vm-test`, `make vm-test-arm64`).
# From nothing to a verdict with no manual step:
#   1. the .deb from a release build (or --deb), and the same package repacked one
#      version up (the upgrade);
#   2. three small albums with solid-colour covers (scenario/make-music.py);
#   3. an image of Debian 13, or 12 with CRATE_VM_DIST=bookworm (build-base.sh, cached in
#      $CRATE_VM_DIR) with the package
#      installed and its config edited for the VM's hardware (scenario/edit-config.sh);
#   4. boot 1: crated starts on boot; a simulated knob turn and press play an album
#      into the loopback card while the vfb panel shows it; meanwhile the host fetches
#      the page, the albums, the crate and a cover from crate-web through qemu's
#      forwarded port (scenario/check-web.py) and the guest keeps itself busy with
#      scans, the page and CPU hogs (scenario/busy-box.sh); pause; reboot.
#      boot 2: the queue is back paused; upgrade, remove, reinstall (scenario/guest-stages.sh);
#      The page's part is on by default for amd64 only (CRATE_VM_WEB=1 or 0 to choose):
#      the arm64 guest's NIC has not been tried yet.
#   5. the results are read out of the image and checked against host-side references
#      (scenario/check-results.py).
# Artefacts (serial logs, capture, framebuffer, journal) stay in $CRATE_VM_DIR/boot-test.
# Usage: boot-test.sh [--arch amd64|arm64] [--deb FILE] [--quick]
#   --arch   the guest (default amd64, or $CRATE_VM_ARCH); arm64 runs in qemu -M virt
#            under emulation, with the package built for arm64
#   --deb    a package built already (deploy/test.sh builds one for this test and the
#            power-cut test), of the guest's architecture and release (CRATE_VM_DIST)
#   --quick  boot 1 only (knob, capture, panel), then power off: the part cheap enough
#            for CI under arm64 emulation; no reboot, upgrade, removal
set -euo pipefail
cd "$(dirname "$0")/../.."
usage() { sed -n '21,27p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
deb= quick=0
while (($#)); do
  case $1 in
    --arch) export CRATE_VM_ARCH=$2; shift 2 ;;
    --deb) deb=$(realpath "$2"); shift 2 ;;
    --quick) quick=1; shift ;;
    *) usage ;;
  esac
done
source deploy/vm/lib.sh
here=deploy/vm/scenario
work=$VM_WORK/boot-test
safe_rm "$work"
mkdir -p "$work/overlay"
started=$SECONDS

deb=$(package_to_test "$deb" "$work")
[[ $(dpkg-deb -f "$deb" Architecture) == "$VM_ARCH" ]] || die "$deb is not for $VM_ARCH"
bash deploy/check-packaging.sh "$deb"

log "making the music and the scenario overlay"
overlay=$work/overlay
# Tracks of 4 s on x86, longer on a slower guest (its pause lands later in a track).
python3 "$here/make-music.py" "$overlay/srv/music" $((2 + 2 * VM_SLOW))
install -D -m 0755 "$here/guest-stages.sh" "$overlay/usr/local/lib/crate-vm/guest-stages.sh"
install -D -m 0644 "$here/boot-to-music.sh" "$overlay/usr/local/lib/crate-vm/boot-to-music.sh"
install -D -m 0644 "$here/busy-box.sh" "$overlay/usr/local/lib/crate-vm/busy-box.sh"
# The busy box while boot 1 plays (scenario/busy-box.sh): on by default for amd64 only
# (CRATE_VM_BUSY=1 or 0 to choose); CRATE_VM_BUSY_HOG_FIFO=P, the check's own test, runs
# its hogs at SCHED_FIFO P (above the writer's 40: the run must fail).
if ((${CRATE_VM_BUSY:-$([[ $VM_ARCH == amd64 ]] && echo 1 || echo 0)})); then
  install -D -m 0644 /dev/null "$overlay/etc/crate-vm/busy"
  [[ -z ${CRATE_VM_BUSY_HOG_FIFO:-} ]] || echo "$CRATE_VM_BUSY_HOG_FIFO" > "$overlay/etc/crate-vm/busy-hog-fifo"
fi
install -D -m 0644 "$here/crate-boot-test.service" "$overlay/etc/systemd/system/crate-boot-test.service"
mkdir -p "$overlay/etc/systemd/system/multi-user.target.wants"  # enabled, as systemctl enable would
ln -s ../crate-boot-test.service "$overlay/etc/systemd/system/multi-user.target.wants/crate-boot-test.service"
mkdir -p "$overlay/var/lib/crate-vm/debs"
if ((quick)); then
  touch "$overlay/var/lib/crate-vm/quick"   # stage 1 powers off instead of rebooting
else
  # The upgrade: this very package one version up, repacked, so the test needs nothing
  # but the package file (no build folder, no toolchain for the guest's architecture).
  version=$(dpkg-deb -f "$deb" Version)+vmtest1
  dpkg-deb -R "$deb" "$work/repack"
  sed -i "s/^Version: .*/Version: $version/" "$work/repack/DEBIAN/control"
  dpkg-deb --root-owner-group -Zxz -b "$work/repack" \
    "$overlay/var/lib/crate-vm/debs/crate_${version}_$VM_ARCH.deb" >/dev/null
  rm -rf "$work/repack"
fi

log "making the disk image"
web=${CRATE_VM_WEB:-$([[ $VM_ARCH == amd64 ]] && echo 1 || echo 0)}
web_run=()
((web)) && web_run=(--run "$here/enable-web.sh")
bash deploy/vm/make-image.sh "$work/disk.img" --deb "$deb" --overlay "$overlay" \
  --run "$here/edit-config.sh" "${web_run[@]}"

# The guest's NIC: host ports for the page (forwarded to the guest's 8080, [web] listen
# in enable-web.sh) and for the host's "done" answer to the guest (10.0.2.2 to it).
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
web_port=$(free_port) signal_port=$(free_port)

# Each stage ends its boot itself (reboot, then power-off); the timeouts only catch a
# hang (boot.sh scales them for a slower guest).
stages=(1 2)
((quick)) && stages=(1)
for boot in "${stages[@]}"; do
  log "boot $boot"
  tb=$SECONDS
  append=() forward=()
  ((web)) && forward=(--forward "$web_port:8080")
  if ((web && boot == 1)); then
    python3 "$here/check-web.py" "$web_port" "$signal_port" "$overlay/srv/music" "$work/web-checks" \
      $((300 * VM_SLOW)) > "$work/check-web.log" 2>&1 &
    web_checker=$!
    append=(--append "crate_vm.web_checked=10.0.2.2:$signal_port")
  fi
  ok=1
  bash deploy/vm/boot.sh "$work/disk.img" --timeout 480 --log "$work/boot$boot.log" \
    "${forward[@]}" "${append[@]}" || ok=0
  if ((web && boot == 1)); then kill "$web_checker" 2>/dev/null; wait "$web_checker" 2>/dev/null || true; fi
  if ((!ok)); then
    log "boot $boot did not end by itself; serial log: $work/boot$boot.log"
    break
  fi
  log "boot $boot took $((SECONDS - tb)) s"
done

bash deploy/vm/results.sh "$work/disk.img" "$work/results" ||
  { log "no results in the image: see $work/boot1.log"; exit 1; }
for f in "$work"/results/stage*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }; done
cat "$work/results/timings" "$work/results/start-chain-boot1.txt" 2>/dev/null || true
verdict=0
python3 "$here/check-results.py" "$work/results" "$overlay/srv/music" "${stages[@]}" || verdict=1
# The host's fetches through the forwarded port (check-web.py wrote them during boot 1).
if ((!web)); then
  echo "(the page's checks are off: CRATE_VM_WEB=0)"
elif [[ -s $work/web-checks ]]; then
  cat "$work/web-checks"
  grep -q '^FAIL' "$work/web-checks" && verdict=1
else
  echo "FAIL host: check-web.py recorded nothing (see $work/check-web.log)"; verdict=1
fi
log "boot test finished in $((SECONDS - started)) s; artefacts in $work"
exit $verdict
