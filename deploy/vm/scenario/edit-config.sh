#!/bin/bash
# The admin's edits to the packaged /etc/crate/crate.toml for the VM's hardware: the
# loopback card, the gpio-sim chip's named lines, the vfb panel and the test music.
# A 370 ms card buffer (4 x 4096 frames) instead of 93 ms: under qemu's emulation a
# virtual CPU can stall for longer than a real one ever does (seen: one underrun in
# three runs with 93 ms). A slower (arm64, emulated) guest stalls for longer still,
# more so on a busy host (an underrun seen with 370 ms): periods scale with its slowness.
# Run in the image after the package is installed, so the conffile counts as edited.
# Also the config of the card image's test (deploy/image/test-hook.sh), whose guest has
# no panel (/etc/crate-vm/sim-hw, which sim-hw.sh reads, does not list "display"): no
# display is configured there.
set -euo pipefail
conf=/etc/crate/crate.toml
periods=$((4 * $(cat /etc/crate-vm/slow 2>/dev/null || echo 1)))
panel='s|^#device = "/dev/fb1"|device = "/dev/fb0"|' want_panel='device = "/dev/fb0"'
if [[ -e /etc/crate-vm/sim-hw ]] && ! grep -qw display /etc/crate-vm/sim-hw; then
  panel= want_panel='#device = "/dev/fb1"'
fi
sed -i \
  -e 's|^#device = "hw:1,0"|device = "hw:Loopback,0,0"|' \
  -e 's|^sample_format = "auto"|sample_format = "S16_LE"|' \
  -e 's|^period_frames = 1024|period_frames = 4096|' \
  -e "s|^periods = 4\$|periods = $periods|" \
  -e 's|^paths = \["/srv/music"\]|paths = ["/srv/music"]|' \
  -e 's|^chip = "gpiochip0"|chip = "crate-sim"|' \
  ${panel:+-e "$panel"} "$conf"
cat >> "$conf" <<'TOML'

# --- The VM's inputs (gpio-sim lines named by deploy/vm/guest/sim-hw.sh).
[controls.knob]
a = "knob-a"
b = "knob-b"
push = "knob-push"

[controls.play]
line = "play"
TOML
for want in 'device = "hw:Loopback,0,0"' 'sample_format = "S16_LE"' 'period_frames = 4096' "periods = $periods" 'chip = "crate-sim"' "$want_panel"; do
  grep -qxF "$want" "$conf" || { echo "edit-config: '$want' not applied: the packaged crate.toml changed" >&2; exit 1; }
done
/usr/bin/crated --config "$conf" --check-config
