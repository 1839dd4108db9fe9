#!/bin/bash
# Runs in the guest at boot (crate-sim-hw.service): creates the simulated hardware and
# describes it in /run/crate-sim/ for the tests. Waits on observable state, never on a
# fixed sleep: under TCG emulation every step is slow and its speed varies.
set -euo pipefail
LINES=(knob-a knob-b knob-push play next prev like genre)   # gpio-sim line0..line7
CFG=/sys/kernel/config/gpio-sim/crate
OUT=/run/crate-sim
SLOW=$(cat /etc/crate-vm/slow 2>/dev/null || echo 1)   # > 1 on a slower (emulated) CPU
# What to simulate: all three in the test VMs; the card image's test has a kernel without
# vfb and no panel, and lists "gpio sound" here.
PARTS=" $(cat /etc/crate-vm/sim-hw 2>/dev/null || echo gpio sound display) "
has() { [[ $PARTS == *" $1 "* ]]; }
dev= chip= fbdev=

wait_for() { # wait_for DESCRIPTION TEST...: poll (cheap) for up to 60 s (times SLOW)
  local what=$1 i; shift
  for ((i = 0; i < 600 * SLOW; i++)); do "$@" && return 0; sleep 0.1; done
  echo "sim-hw: timed out waiting for $what" >&2; exit 1
}

# --- GPIO: one gpio-sim chip of 16 lines, the first 8 named like the Crate's inputs.
if has gpio; then
  modprobe configfs
  mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  modprobe gpio-sim
  wait_for "gpio-sim in configfs" test -d /sys/kernel/config/gpio-sim
  mkdir -p "$CFG/bank0"
  if [[ -e $CFG/bank0/label ]]; then echo crate-sim > "$CFG/bank0/label"; fi
  echo 16 > "$CFG/bank0/num_lines"
  for i in "${!LINES[@]}"; do
    mkdir -p "$CFG/bank0/line$i"
    echo "${LINES[$i]}" > "$CFG/bank0/line$i/name"
  done
  echo 1 > "$CFG/live"
  dev=$(cat "$CFG/dev_name") chip=$(cat "$CFG/bank0/chip_name")   # gpio-sim.0, gpiochipN
  wait_for "/dev/$chip" test -c "/dev/$chip"
fi

# --- Sound: the loopback card; its id must be "Loopback" (tests use hw:Loopback,...).
if has sound; then
  modprobe snd-aloop id=Loopback
  wait_for "Loopback card" test -e /proc/asound/Loopback
fi

# --- Display: a 320x240 RGB565 framebuffer like the box's SPI panel.
if has display; then
  modprobe vfb vfb_enable=1 mode_option=320x240-16
  find_vfb() {
    local f
    for f in /sys/class/graphics/fb*; do
      if [[ -e $f/name && $(cat "$f/name") == "Virtual FB" ]]; then fbdev=${f##*/}; return 0; fi
    done
    return 1
  }
  wait_for "vfb framebuffer" find_vfb
  wait_for "/dev/$fbdev" test -c "/dev/$fbdev"
  # The kernel's text console binds to every framebuffer and its blinking cursor draws
  # into it: unbind it so /dev/fbN holds only what the daemon writes.
  for vc in /sys/class/vtconsole/vtcon*; do
    if grep -q "frame buffer" "$vc/name"; then echo 0 > "$vc/bind"; fi
  done
fi

udevadm settle --timeout=$((60 * SLOW))   # permissions and group ownership from the udev rules

# --- Tell the tests where everything is.
mkdir -p "$OUT"
if has gpio; then
  {
    echo "# name offset chip-device sim-line-dir (echo pull-up|pull-down > DIR/pull; cat DIR/value)"
    for i in "${!LINES[@]}"; do
      echo "${LINES[$i]} $i /dev/$chip /sys/devices/platform/$dev/$chip/sim_gpio$i"
    done
  } > "$OUT/gpio.tmp"
  mv "$OUT/gpio.tmp" "$OUT/gpio"
fi
cat > "$OUT/env" <<EOT
CRATE_SIM_GPIOCHIP=/dev/$chip
CRATE_SIM_GPIO_SYSFS=/sys/devices/platform/$dev/$chip
CRATE_SIM_FB=/dev/$fbdev
CRATE_SIM_PLAYBACK=hw:Loopback,0,0
CRATE_SIM_CAPTURE=hw:Loopback,1,0
EOT
echo "sim-hw: ready:$PARTS(gpio /dev/$chip, fb /dev/$fbdev)"
