#!/usr/bin/env bash
# The card image's boot test (docs/testing.md, "Tests on arm64"): the image built by build.sh, with
# the test's unit added (test/) and what qemu's Pi lacks simulated as in the test VMs
# (test-hook.sh: a loopback sound card, a gpio-sim knob, crated's config pointed at
# them, three small albums), booted in qemu's Raspberry Pi models, each on a card of its
# own: the Pi 3 (-M raspi3b: 4 Cortex-A53, 1 GiB) and the Pi 4 (-M raspi4b: 4 Cortex-A72,
# 2 GiB), the card on the SD controller, with the kernel, initramfs and command line that
# the boot partition's config.txt and cmdline.txt name and the model's device tree from
# there, as the Pi's firmware would. The emulator is Debian 13's qemu (lib.sh, image_qemu).
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
# Usage: boot-test.sh [--deb ARM64_DEB] [--keep DIR] [--model raspi3b|raspi4b]...
#   --model the models to boot, one after the other (default: both)
#   --keep  the serial logs, the critical chains and the cards are left in DIR
# Prints PASS/FAIL lines, the times per model, "image: N passed, M failed"; exits 1 on a failure.
# Env: CRATE_IMAGE_DIST (trixie, the default, or bookworm), CRATE_IMAGE_DIR (work dir,
# default /var/tmp/crate-image-trixie), CRATE_IMAGE_BOOT_TIMEOUT (seconds per boot,
# default 1500: the whole boot runs emulated).
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/image/lib.sh
usage() { sed -n '22,24p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
deb= keep= models=()
while (($#)); do
  case $1 in
    --deb) deb=$(realpath "$2"); shift 2 ;;
    --keep) keep=$(realpath -m "$2"); shift 2 ;;
    --model) [[ $2 == raspi[34]b ]] || usage; models+=("$2"); shift 2 ;;
    *) usage ;;
  esac
done
((${#models[@]})) || models=(raspi3b raspi4b)
limit=${CRATE_IMAGE_BOOT_TIMEOUT:-1500}
t0=$SECONDS
mkdir -p "$W"
need_pkgs mtools fdisk device-tree-compiler
deb=$(package_to_test "$deb" "$W")
T=$(mktemp -d "$W/test.XXXXXX")
trap 'rm -rf "$T"' EXIT
image_qemu "$T/qemu"
log "emulator: $("${IMAGE_QEMU[@]}" --version | head -1)"

# --- The image, with the test's unit and the package crate-update installs in boot 1.
cp -a deploy/image/test "$T/overlay"
install -D -m 644 "$deb" "$T/overlay/usr/local/share/crate-image-test/${deb##*/}"
img=$(bash deploy/image/build.sh --deb "$deb" --out "$T/built.img" --overlay "$T/overlay" \
  --hook deploy/image/test-hook.sh | tail -1)
t_build=$((SECONDS - t0))

# The boot partition's offset (sfdisk's dump: "start=  8192, size=..."), for mtools.
boot_at=$(sfdisk -d "$img" | awk -F'[=,]' '/^[^ ]*1 : / {gsub(/ /, "", $2); print $2 * 512}')
[[ $boot_at =~ ^[0-9]+$ ]] || die "no boot partition in $img"
export MTOOLS_SKIP_CHECK=1
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
# What the Pi's firmware loads: config.txt names the kernel and the initramfs; each
# model's device tree is beside them.
from_fat() { mcopy -n -i "$img@@$boot_at" "::$1" "$T/$2" || die "no $1 on the boot partition"; }
from_fat config.txt config.txt
kernel=$(sed -n 's/^kernel=//p' "$T/config.txt") initrd=$(awk '$1 == "initramfs" {print $2}' "$T/config.txt")
[[ -n $kernel && -n $initrd ]] || die "config.txt names no kernel or initramfs: $(cat "$T/config.txt")"
from_fat "$kernel" vmlinuz
from_fat "$initrd" initrd.img
from_fat cmdline.txt cmdline.txt
# The firmware's command line: its console ttyS1 is the mini UART on the GPIO header (Pi 3
# and Pi 4 alike), qemu's second serial port (the first, the PL011, is the Bluetooth's).
# Two additions: vchiq (the VideoCore's message queue, which qemu does not model) is kept
# out, or its driver's oops at start would be this test's noise; and systemd waits for
# devices VM_SLOW times its default 90 s, as the VM tests scale their limits: emulated,
# udev's coldplug of the card's partitions took longer than 90 s on the busy machine
# (Debian 13, two emulated Pis at once), and the boot ended in emergency mode.
cmdline="$(tr -s ' \n' ' ' <"$T/cmdline.txt") modprobe.blacklist=vchiq"
cmdline+=" systemd.default_device_timeout_sec=$((90 * VM_SLOW))"
log "image built in $t_build s; kernel command line: $cmdline"

# model_dtb MODEL: the device tree the Pi's firmware would pick for MODEL.
model_dtb() {
  case $1 in
    raspi3b) echo bcm2837-rpi-3-b.dtb ;;
    raspi4b) echo bcm2711-rpi-4-b.dtb ;;
  esac
}
# model_dt MODEL: that device tree into $T/MODEL/dtb, as qemu's model can take it; the
# card's own, which a real Pi's firmware reads, is left as Debian's kernel ships it. For
# qemu's Pi 4 (10.0), two changes in the copy, as qemu itself drops the PCIe, Ethernet,
# RNG and thermal nodes of the Pi 4 it does not model:
# - It has no HDMI block (0x7ef00000 on the Pi's bus): the kernel's first access to the
#   interrupt controller there (built in) is a synchronous external abort that kills
#   init. Those six nodes are disabled.
# - It puts the SD card on the Arasan SDHCI (mmc@7e300000), which a real Pi 4 wires to
#   its Wi-Fi chip, not on EMMC2. That controller waits for the Wi-Fi's power sequence,
#   whose GPIOs are on the firmware's expander, which qemu's firmware does not answer
#   ("raspberrypi-exp-gpio: Failed to get GPIO 0 config"), so it never probed and the
#   root was never found. The copy drops that controller's mmc-pwrseq.
model_dt() {
  local dtb=$T/$1/dtb n
  from_fat "$(model_dtb "$1")" "$1/dtb"
  [[ $1 == raspi4b ]] || return 0
  for n in clock@7ef00000 interrupt-controller@7ef00100 hdmi@7ef00700 i2c@7ef04500 \
    hdmi@7ef05700 i2c@7ef09500; do
    fdtput -t s "$dtb" "/soc/$n" status disabled || die "no /soc/$n in $(model_dtb "$1")"
  done
  fdtput -d "$dtb" /soc/mmc@7e300000 mmc-pwrseq || die "no mmc-pwrseq on /soc/mmc@7e300000 in $(model_dtb "$1")"
}
# model_console MODEL: the kernel command line and serial ports for MODEL. The Pi 3 model
# takes the card's own (the mini UART, qemu's second port). On qemu's Pi 4 the mini UART
# prints, but opened as a terminal (the kernel's /dev/console, a getty) its interrupt
# never lets go: the kernel stalls in request_irq (rcu_sched stall in __setup_irq from
# console_on_rootfs, seen with Debian 13's 6.12 and qemu 10.0). There the test's console
# is the PL011 instead (ttyAMA0, qemu's first port), which a real Pi 4 gives Bluetooth.
model_console() {
  case $1 in
    raspi3b) console=("$cmdline") ports=(-serial null -serial "file:$2") ;;
    raspi4b) console=("${cmdline//console=ttyS1,115200/console=ttyAMA0,115200}")
      ports=(-serial "file:$2" -serial null) ;;
  esac
}
# boot MODEL N: one boot of MODEL's card until the guest reboots or powers off (the
# serial log says so; qemu is then ended) or the time runs out.
boot() {
  local model=$1 n=$2 logf=$T/$1/serial$2.log start=$SECONDS console ports
  : >"$logf"
  model_console "$model" "$logf"
  "${IMAGE_QEMU[@]}" -M "$model" -display none -monitor none -no-reboot "${ports[@]}" \
    -kernel "$T/vmlinuz" -initrd "$T/initrd.img" -dtb "$T/$model/dtb" \
    -append "${console[0]}" -drive "file=$T/$model/card.img,if=sd,format=raw" </dev/null &
  local qpid=$!
  while kill -0 "$qpid" 2>/dev/null; do
    if grep -qE 'reboot: (Restarting system|Power down)|Rebooting automatically|Kernel panic' "$logf"; then sleep 2; break; fi
    if ((SECONDS - start > limit)); then log "$model boot $n: no end after $limit s"; tail -30 "$logf" >&2; break; fi
    sleep 2
  done
  kill "$qpid" 2>/dev/null || true
  wait "$qpid" 2>/dev/null || true
  eval "t_boot$n=$((SECONDS - start))"
  log "$model boot $n ended after $((SECONDS - start)) s"
}
# The guest's lines, without the console's prefix ("[ 95.5] guest.sh[429]: ").
results() { sed 's/\x1b\[[0-9;]*m//g; s/\r$//' "$T/$1/serial$2.log" | sed -n 's/^.*IMAGE-TEST //p'; }

# test_model MODEL: a card of its own booted three times in MODEL; its checks in
# $T/MODEL/results.txt, its times in times_MODEL.
test_model() {
  local m=$1 D=$T/$1
  mkdir -p "$D"
  model_dt "$m"
  cp --sparse=always "$img" "$D/card.img"
  truncate -s 4G "$D/card.img"
  mcopy -o -i "$D/card.img@@$boot_at" "$T/crate-settings.txt" ::crate-settings.txt
  # Power-on 0 grows the data partition and reboots; 1 is the first full boot (stage 1
  # of the guest's checks), 2 the one after crate-update (stage 2).
  boot "$m" 0
  boot "$m" 1
  boot "$m" 2
  { results "$m" 1; results "$m" 2; } >"$D/results.txt"
  grep -q 'crate-grow-data: .*rebooting' "$D/serial0.log" \
    || echo "FAIL the first power-on did not grow the data partition" >>"$D/results.txt"
  grep -q '^boot 1: crate-update' "$D/results.txt" || echo "FAIL boot 1 did not reach crate-update" >>"$D/results.txt"
  grep -q '^END boot 2' "$D/results.txt" || echo "FAIL boot 2 did not finish its checks" >>"$D/results.txt"
  # What crated waited for, per boot.
  results "$m" 1 | sed -n 's/^CHAIN //p' >"$D/critical-chain-boot1.txt"
  results "$m" 2 | sed -n 's/^CHAIN //p' >"$D/critical-chain-boot2.txt"
  eval "times_$m='power-on 0 (grow, reboot) $t_boot0 s, boot 1 $t_boot1 s, boot 2 $t_boot2 s'"
}
for m in "${models[@]}"; do log "the card in qemu's $m"; test_model "$m"; done

# --- Results: every check of every boot in every model must have reported, and passed.
passed=0 failed=0
for m in "${models[@]}"; do
  echo "--- $m"
  grep -E '^(PASS|FAIL)' "$T/$m/results.txt" | sed -E "s/^(PASS|FAIL) /\1 $m: /" || true
  sed -n "s/^TIME /$m: /p" "$T/$m/results.txt"
  cat "$T/$m/critical-chain-boot1.txt"
  passed=$((passed + $(grep -c '^PASS' "$T/$m/results.txt" || true)))
  failed=$((failed + $(grep -c '^FAIL' "$T/$m/results.txt" || true)))
done
for m in "${models[@]}"; do eval "echo \"times (emulated $m): image built $t_build s, \$times_$m\""; done
echo "all: $((SECONDS - t0)) s"
if [[ -n $keep ]]; then
  for m in "${models[@]}"; do
    mkdir -p "$keep/$m"
    mv "$T/$m"/serial*.log "$T/$m"/critical-chain-boot*.txt "$T/$m/results.txt" "$T/$m/card.img" "$keep/$m/"
  done
fi
echo "image: $passed passed, $failed failed"
((failed == 0 && passed > 0))
