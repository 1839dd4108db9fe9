#!/usr/bin/env bash
# The boot test with simulated hardware (README: `make vm-test`). From nothing to a
# verdict with no manual step:
#   1. the .deb from a release build, and the same binaries repacked one version up
#      (the upgrade);
#   2. three small albums with solid-colour covers (scenario/make-music.py);
#   3. a bookworm image (build-base.sh, cached in $CRATE_VM_DIR) with the package
#      installed and its config edited for the VM's hardware (scenario/edit-config.sh);
#   4. boot 1: crated starts on boot; a simulated knob turn and press play an album
#      into the loopback card while the vfb panel shows it; pause; reboot.
#      boot 2: the queue is back paused; upgrade, remove, reinstall (scenario/guest-stages.sh);
#   5. the results are read out of the image and checked against host-side references
#      (scenario/check-results.py).
# Artefacts (serial logs, capture, framebuffer, journal) stay in $CRATE_VM_DIR/boot-test.
# Usage: boot-test.sh [--deb FILE]: a package built already (deploy/test.sh builds one
# for this test and the power-cut test); its binaries must still be in the release
# build folder, which the upgrade package is repacked from.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/vm/lib.sh
here=deploy/vm/scenario
work=$VM_WORK/boot-test
deb=
case "$#:${1:-}" in
  0:) ;;
  2:--deb) deb=$(realpath "$2") ;;
  *) die "usage: boot-test.sh [--deb FILE]" ;;
esac
safe_rm "$work"
mkdir -p "$work/overlay"
started=$SECONDS

deb=$(package_to_test "$deb" "$work")
version=$(dpkg-deb -f "$deb" Version)
upgrade=$(CRATE_SKIP_BUILD=1 bash deploy/build-deb.sh --version "$version+vmtest1" --out "$work/upgrade" | tail -1)
bash deploy/check-packaging.sh "$deb"

log "making the music and the scenario overlay"
overlay=$work/overlay
python3 "$here/make-music.py" "$overlay/srv/music"
install -D -m 0755 "$here/guest-stages.sh" "$overlay/usr/local/lib/crate-vm/guest-stages.sh"
install -D -m 0644 "$here/crate-boot-test.service" "$overlay/etc/systemd/system/crate-boot-test.service"
mkdir -p "$overlay/etc/systemd/system/multi-user.target.wants"  # enabled, as systemctl enable would
ln -s ../crate-boot-test.service "$overlay/etc/systemd/system/multi-user.target.wants/crate-boot-test.service"
install -D -m 0644 "$upgrade" "$overlay/var/lib/crate-vm/debs/$(basename "$upgrade")"

log "making the disk image"
bash deploy/vm/make-image.sh "$work/disk.img" --deb "$deb" --overlay "$overlay" --run "$here/edit-config.sh"

# Each stage ends its boot itself (reboot, then power-off); the timeouts only catch a hang.
for boot in 1 2; do
  log "boot $boot"
  if ! bash deploy/vm/boot.sh "$work/disk.img" --timeout 480 --log "$work/boot$boot.log"; then
    log "boot $boot did not end by itself; serial log: $work/boot$boot.log"
    break
  fi
done

bash deploy/vm/results.sh "$work/disk.img" "$work/results" ||
  { log "no results in the image: see $work/boot1.log"; exit 1; }
for f in "$work"/results/stage*.log; do [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }; done
verdict=0
python3 "$here/check-results.py" "$work/results" "$overlay/srv/music" || verdict=1
log "boot test finished in $((SECONDS - started)) s; artefacts in $work"
exit $verdict
