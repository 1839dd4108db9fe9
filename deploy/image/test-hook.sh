#!/usr/bin/env bash
# The card image boot test's additions to the image (boot-test.sh passes this to build.sh
# --hook; never in the shipped image): what qemu's Raspberry Pi models lack, simulated
# as in the test VMs (deploy/vm/guest/sim-hw.sh): a sound card (snd-aloop, a module of
# Debian's linux-image-arm64) and the knob (gpio-sim, which no Debian kernel builds: made
# here for the image's own kernel, cached in $CRATE_IMAGE_DIR/sim-modules); crated's
# config pointed at them as the VM test's is (deploy/vm/scenario/edit-config.sh); three
# small albums in /mnt/nas music, the second music folder of the test's settings.
# Usage: test-hook.sh ROOT KERNEL_VERSION (run by build.sh, with ROOT's chroot mounted)
set -euo pipefail
R=$1 kver=$2
cd "$(dirname "$0")/../.."
# The image's release (CRATE_IMAGE_DIST), its work dir and mirror, as build.sh has them.
source deploy/image/lib.sh
source deploy/vm/sim-modules.sh
# As slow as the arm64 VM under emulation: time limits and crated's card buffer scale by it.
slow=$VM_SLOW

mods=$W/sim-modules/$kver
if [[ ! -f $mods/gpio-sim.ko ]]; then
  debver=$(chroot "$R" dpkg-query -W -f '${Version}' "linux-image-$kver")
  log "building gpio-sim for the image's kernel $kver ($debver)"
  need_pkgs $(sim_modules_build_pkgs)
  ( foreign_apt "$W/apt" "$MIRROR"
    find "$W/kernel-debs" -name '*.deb' ! -name "*_${debver}_*" -delete 2>/dev/null || true
    kernel_debs "$W/kernel-debs" "$debver" $(kernel_build_packages "$kver") )
  K=$(mktemp -d "$W/kernel.XXXXXX")
  sim_modules "$K" "$kver" "$W/kernel-debs" "$debver"
  mkdir -p "$mods"
  cp "$K/lib/modules/$kver/extra/gpio-sim.ko" "$mods/"
  rm -rf "$K"
fi
install -D -m 644 "$mods/gpio-sim.ko" "$R/usr/lib/modules/$kver/extra/gpio-sim.ko"
chroot "$R" depmod "$kver"

# The simulated hardware, set up at boot before crated (crate-sim-hw.service); no panel.
mkdir -p "$R/etc/crate-vm"
echo "$slow" >"$R/etc/crate-vm/slow"
echo "gpio sound" >"$R/etc/crate-vm/sim-hw"
install -D -m 755 deploy/vm/guest/sim-hw.sh "$R/usr/local/lib/crate-vm/sim-hw.sh"
install -D -m 644 deploy/vm/guest/crate-sim-hw.service "$R/etc/systemd/system/crate-sim-hw.service"
scale_timeouts "$R/etc/systemd/system/crate-sim-hw.service"
chroot "$R" systemctl -q enable crate-sim-hw.service
# The guest's knob and capture helpers, beside the test's guest script.
install -D -m 644 deploy/vm/scenario/boot-to-music.sh "$R/usr/local/lib/crate-image-test/boot-to-music.sh"

# crated's output on the loopback card, its knob on the gpio-sim lines.
install -m 755 deploy/vm/scenario/edit-config.sh "$R/tmp/edit-config.sh"
chroot "$R" /tmp/edit-config.sh
rm "$R/tmp/edit-config.sh"

# The test's music: short tracks, the first sample is what is timed.
python3 deploy/vm/scenario/make-music.py "$R/mnt/nas music" 4 >/dev/null
