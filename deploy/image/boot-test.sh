#!/usr/bin/env bash
# The card image's boot test (docs/testing.md, "Tests on arm64"): the image built by build.sh, with
# the test's unit added (test/) and what qemu's Pi lacks simulated as in the test VMs
# (test-hook.sh: a loopback sound card, a gpio-sim knob, crated's config pointed at
# them, three small albums), booted in qemu's Raspberry Pi 3 model
# (qemu-system-aarch64 -M raspi3b: 4 Cortex-A53, 1 GiB, the card on the SD controller),
# with the kernel, initramfs and command line that the boot partition's config.txt and
# cmdline.txt name and the Pi 3's device tree from there, as the Pi's firmware would.
#   The card: a copy of the image grown to 4 GiB (qemu's SD card must be a power of two
#   in size), with a crate-settings.txt put on its boot partition with mtools.
#   Power-on 0: the data partition grown to the card, then a reboot.
#   Boot 1 (the first full one): crated ready; a knob click and press play an album (the
#   first sample on the loopback timed); / and /boot/firmware read-only;
#   /var/lib/crate on the data partition, its file system grown; the settings applied
#   and the file removed; nothing network-related in `systemd-analyze critical-chain
#   crated.service`; no failed unit; crate-admin doctor clean; the Wi-Fi settings where
#   wpa_supplicant@wlan0 reads them (no radio in qemu: not associated); then a broken
#   crate-settings.txt on the boot partition and crate-update with the same .deb, which reboots.
#   Boot 2: the broken settings refused as a whole (renamed, reasons beside it, nothing
#   applied); the package reinstalled, crated ready again on a read-only root.
# Usage: boot-test.sh [--deb ARM64_DEB] [--keep DIR]
#   --keep  the serial logs, the critical chains and the card are left in DIR
# Prints PASS/FAIL lines, the times, "image: N passed, M failed"; exits 1 on a failure.
# Env: CRATE_IMAGE_DIR (work dir, default /var/tmp/crate-image), CRATE_IMAGE_BOOT_TIMEOUT
# (seconds per boot, default 1500: the whole boot runs emulated).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The card image is Debian 12 (bookworm): its kernel and modules are that release's.
CRATE_VM_ARCH=arm64 CRATE_VM_DIST=bookworm source deploy/vm/lib.sh
W=${CRATE_IMAGE_DIR:-/var/tmp/crate-image}
deb= keep=
while (($#)); do
  case $1 in
    --deb) deb=$(realpath "$2"); shift 2 ;;
    --keep) keep=$(realpath -m "$2"); shift 2 ;;
    *) sed -n '21,22p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
limit=${CRATE_IMAGE_BOOT_TIMEOUT:-1500}
t0=$SECONDS
mkdir -p "$W"
need_pkgs qemu-system-arm mtools fdisk
deb=$(package_to_test "$deb" "$W")
T=$(mktemp -d "$W/test.XXXXXX")
trap 'rm -rf "$T"' EXIT

# --- The image, with the test's unit and the package crate-update installs in boot 1.
cp -a deploy/image/test "$T/overlay"
install -D -m 644 "$deb" "$T/overlay/usr/local/share/crate-image-test/${deb##*/}"
img=$(bash deploy/image/build.sh --deb "$deb" --out "$T/built.img" --overlay "$T/overlay" \
  --hook deploy/image/test-hook.sh | tail -1)
t_build=$((SECONDS - t0))
card=$T/card.img
mv "$img" "$card"
truncate -s 4G "$card"

# The boot partition's offset (sfdisk's dump: "start=  8192, size=..."), for mtools.
boot_at=$(sfdisk -d "$card" | awk -F'[=,]' '/^[^ ]*1 : / {gsub(/ /, "", $2); print $2 * 512}')
[[ $boot_at =~ ^[0-9]+$ ]] || die "no boot partition in $card"
fat=("$card@@$boot_at")
cat >"$T/crate-settings.txt" <<'EOF'
# crate-settings.txt of the image boot test (every setting docs/admin-guide.md lists)
hostname = crate-test-pi
user = owner
password = "not a secret"
ssh_key = ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEf2m2CratE1mAgeTestKeyOnlyNotARealKeyxx crate-image-test@host
wifi_ssid = CrateTestNet
wifi_password = twelve chars
wifi_country = NO
timezone = Europe/Oslo
plex_server = http://192.168.1.10:32400
music = /data/music
music = /mnt/nas music
EOF
sed -i 's/$/\r/' "$T/crate-settings.txt"     # as a Windows editor would save it
export MTOOLS_SKIP_CHECK=1
mcopy -o -i "${fat[@]}" "$T/crate-settings.txt" ::crate-settings.txt
# What the Pi's firmware loads: config.txt names the kernel and the initramfs.
from_fat() { mcopy -n -i "${fat[@]}" "::$1" "$T/$2" || die "no $1 on the boot partition"; }
from_fat config.txt config.txt
kernel=$(sed -n 's/^kernel=//p' "$T/config.txt") initrd=$(awk '$1 == "initramfs" {print $2}' "$T/config.txt")
[[ -n $kernel && -n $initrd ]] || die "config.txt names no kernel or initramfs: $(cat "$T/config.txt")"
from_fat "$kernel" vmlinuz
from_fat "$initrd" initrd.img
from_fat bcm2837-rpi-3-b.dtb bcm2837-rpi-3-b.dtb
from_fat cmdline.txt cmdline.txt
# The firmware's command line: its console ttyS1 is the Pi 3's mini UART, on
# the GPIO header, qemu's second serial port (the first, the PL011, is the Bluetooth's).
# One addition: vchiq (the VideoCore's message queue, which qemu does not model) is kept
# out, or its driver's oops at start would be this test's noise.
cmdline="$(tr -s ' \n' ' ' <"$T/cmdline.txt") modprobe.blacklist=vchiq"
log "image built in $t_build s; kernel command line: $cmdline"

# boot N: one boot of the card until the guest reboots or powers off (the serial log
# says so; qemu is then ended) or the time runs out.
boot() {
  local n=$1 logf=$T/serial$1.log start=$SECONDS
  : >"$logf"
  qemu-system-aarch64 -M raspi3b -display none -monitor none -no-reboot \
    -serial null -serial "file:$logf" \
    -kernel "$T/vmlinuz" -initrd "$T/initrd.img" -dtb "$T/bcm2837-rpi-3-b.dtb" \
    -append "$cmdline" -drive "file=$card,if=sd,format=raw" </dev/null &
  local qpid=$!
  while kill -0 "$qpid" 2>/dev/null; do
    if grep -qE 'reboot: (Restarting system|Power down)|Rebooting automatically|Kernel panic' "$logf"; then sleep 2; break; fi
    if ((SECONDS - start > limit)); then log "boot $n: no end after $limit s"; tail -30 "$logf" >&2; break; fi
    sleep 2
  done
  kill "$qpid" 2>/dev/null || true
  wait "$qpid" 2>/dev/null || true
  eval "t_boot$n=$((SECONDS - start))"
  log "boot $n ended after $((SECONDS - start)) s"
}
# Power-on 0 grows the data partition and reboots; 1 is the first full boot (stage 1 of
# the guest's checks), 2 the one after crate-update (stage 2).
boot 0
boot 1
boot 2
# The guest's lines, without the console's prefix ("[ 95.5] guest.sh[429]: ").
results() { sed 's/\x1b\[[0-9;]*m//g; s/\r$//' "$T/serial$1.log" | sed -n 's/^.*IMAGE-TEST //p'; }
{ results 1; results 2; } >"$T/results.txt"
grep -q 'crate-grow-data: .*rebooting' "$T/serial0.log" \
  || echo "FAIL the first power-on did not grow the data partition" >>"$T/results.txt"

# --- Results: every check of both boots must have reported, and passed.
grep -E '^(PASS|FAIL)' "$T/results.txt" || true
sed -n 's/^TIME //p' "$T/results.txt"
passed=$(grep -c '^PASS' "$T/results.txt" || true)
failed=$(grep -c '^FAIL' "$T/results.txt" || true)
grep -q '^boot 1: crate-update' "$T/results.txt" || { echo "FAIL boot 1 did not reach crate-update"; failed=$((failed + 1)); }
grep -q '^END boot 2' "$T/results.txt" || { echo "FAIL boot 2 did not finish its checks"; failed=$((failed + 1)); }
# What crated waited for, per boot (emulated Pi 3).
results 1 | sed -n 's/^CHAIN //p' >"$T/critical-chain-boot1.txt"
results 2 | sed -n 's/^CHAIN //p' >"$T/critical-chain-boot2.txt"
cat "$T/critical-chain-boot1.txt"
echo "times (emulated raspi3b): image built $t_build s, power-on 0 (grow, reboot) $t_boot0 s, boot 1 $t_boot1 s, boot 2 $t_boot2 s, all $((SECONDS - t0)) s"
if [[ -n $keep ]]; then
  mkdir -p "$keep"
  mv "$T"/serial*.log "$T"/critical-chain-boot*.txt "$T/results.txt" "$T/card.img" "$keep/"
fi
echo "image: $passed passed, $failed failed"
((failed == 0 && passed > 0))
