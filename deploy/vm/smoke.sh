#!/usr/bin/env bash
# End-to-end check of the VM test infrastructure: builds the base (if needed), an image
# with the project's udev rules and a boot-time test unit, boots it, and reads back the
# results: a non-root user in gpio/audio/video drives the simulated GPIO lines, the
# framebuffer and the loopback sound card.
# Usage: smoke.sh [--arch amd64|arm64] [--keep DIR]  (keep the image, serial log and
# results in DIR). Exit 0 when every check passed. Env: CRATE_VM_ARCH, CRATE_VM_DIR.
set -euo pipefail
keep=
while (($#)); do
  case $1 in
    --arch) export CRATE_VM_ARCH=$2; shift 2 ;;
    --keep) keep=$(realpath -m "$2"); shift 2 ;;
    *) echo "usage: smoke.sh [--arch amd64|arm64] [--keep DIR]" >&2; exit 2 ;;
  esac
done
source "$(dirname "$0")/lib.sh"
REPO=$(cd "$VM_HERE/../.." && pwd)
t0=$SECONDS

"$VM_HERE/build-base.sh"
T=$(mktemp -d "$VM_WORK/smoke.XXXXXX")
trap 'safe_rm "$T"' EXIT
O=$T/overlay

# The scenario's files: the project's udev rules, the test unit (enabled by its
# symlink) and script, and the tone to play.
install -D -m 644 "$REPO/udev/60-crate.rules" "$O/etc/udev/rules.d/60-crate.rules"
install -D -m 644 "$VM_HERE/smoke/crate-vm-test.service" "$O/etc/systemd/system/crate-vm-test.service"
mkdir -p "$O/etc/systemd/system/multi-user.target.wants"
ln -s ../crate-vm-test.service "$O/etc/systemd/system/multi-user.target.wants/"
install -D -m 755 "$VM_HERE/smoke/smoke-test.sh" "$O/usr/local/lib/crate-vm/smoke-test.sh"
# 1 s of 440 Hz, S16_LE stereo 48 kHz, then 0.3 s of silence: the loopback may zero the
# last period while draining, so the padding keeps the tone itself bit-exact.
mkdir -p "$O/usr/local/share/crate-vm"
python3 - "$O/usr/local/share/crate-vm/tone.raw" <<'PY'
import math, struct, sys
frames = [int(12000 * math.sin(2 * math.pi * 440 * n / 48000)) for n in range(48000)]
data = b"".join(struct.pack("<hh", v, -v) for v in frames) + bytes(4 * 14400)
open(sys.argv[1], "wb").write(data)
PY
cat >"$T/users.sh" <<'EOF2'
#!/bin/sh
set -e
useradd -m -s /bin/bash -G gpio,audio,video tester
EOF2

"$VM_HERE/make-image.sh" "$T/smoke.img" --overlay "$O" --run "$T/users.sh"
tb=$SECONDS
rc=0
"$VM_HERE/boot.sh" "$T/smoke.img" --timeout 180 --log "$T/serial.log" || rc=$?
log "boot to power-off: $((SECONDS - tb)) s (boot.sh exit $rc)"
mkdir -p "$T/results"
"$VM_HERE/results.sh" "$T/smoke.img" "$T/results" || true
if [[ -n $keep ]]; then
  mkdir -p "$keep"; cp -a --sparse=always "$T"/{smoke.img,serial.log,results} "$keep/"
fi
echo "---- smoke results ----"
cat "$T/results/smoke.txt" 2>/dev/null || { echo "FAIL no results"; tail -n 30 "$T/serial.log"; }
log "total $((SECONDS - t0)) s"
# The kernel release ends in its Debian flavour: the guest really was the asked-for arch.
((rc == 0)) && grep -q '^[0-9]* passed, 0 failed$' "$T/results/smoke.txt" 2>/dev/null &&
  grep -q "^guest kernel [^ ]*-$VM_ARCH " "$T/results/smoke.txt"
