# Sourced by the boot tests' guest scripts (guest-stages.sh here, and the card image's
# test, deploy/image/test/usr/local/lib/crate-image-test/guest.sh): the simulated knob
# (the gpio-sim lines sim-hw.sh lists in /run/crate-sim/gpio) and the loopback capture
# that times boot to music. Needs bash, coreutils, cmp, awk and arecord only (the card
# image has no python).

# The physical level of a simulated input: buttons and encoder contacts close to
# ground (active low), so "pull-down" is a pressed button or a closed contact.
line_dir() { awk -v n="$1" '$1 == n {print $4}' /run/crate-sim/gpio; }
drive() { echo "$2" > "$(line_dir "$1")/pull"; }
# One click of the knob clockwise (Gray code, A leads).
knob_click() {
  local step
  for step in "knob-a pull-down" "knob-b pull-down" "knob-a pull-up" "knob-b pull-up"; do
    drive $step; sleep 0.05  # gpio-sim merges two edges of one line that come too close
  done
}
# A press of the knob; press_at is when, in seconds after the kernel started.
knob_press() {
  drive knob-push pull-down; press_at=$(cut -d' ' -f1 /proc/uptime); sleep 0.15; drive knob-push pull-up
}

# capture_start FILE ERRLOG SECONDS: records the loopback (what crated plays) into FILE,
# raw S16_LE stereo at 44.1 kHz, from before the press; returns once the stream runs
# (fails after SECONDS) with recorder (its pid) and capture_at (its first frame, about:
# polled, in seconds after the kernel started). A 3 s buffer at FIFO priority 10 (below
# crated's writer): an emulated CPU shared with other work must not make the recorder
# drop samples (an overrun).
capture_start() {
  local deadline=$((SECONDS + $3))
  chrt -f 10 arecord -q -D "$CRATE_SIM_CAPTURE" -f S16_LE -r 44100 -c 2 -t raw \
    --buffer-time=3000000 --period-time=100000 "$1" 2>"$2" &
  recorder=$!
  until grep -q RUNNING /proc/asound/Loopback/pcm1c/sub0/status 2>/dev/null; do
    ((SECONDS < deadline)) || return 1
    sleep 0.1
  done
  capture_at=$(cut -d' ' -f1 /proc/uptime)
}

# silence_bytes FILE: how many bytes the capture starts with that are all zero (the
# loopback records silence until crated plays); empty when it is silent throughout.
silence_bytes() { cmp "$1" /dev/zero 2>/dev/null | sed -n 's/.* differ: \(byte\|char\) \([0-9]*\),.*/\2/p' | awk '{print $1 - 1}'; }
sounding() { [[ -n $(silence_bytes "$1") ]]; }

# first_sample FILE STAGE: the timing line of boot to music: the capture's first
# non-silent frame, placed on the boot's clock by capture_at, and its distance from
# press_at.
first_sample() {
  local silence; silence=$(silence_bytes "$1")
  if [[ -z $silence ]]; then echo "boot $2: no sound in the capture"; return; fi
  awk -v s="$silence" -v c="$capture_at" -v p="$press_at" -v b="$2" 'BEGIN {
    at = c + int(s / 4) / 44100     # S16_LE stereo: 4 bytes a frame
    printf "boot %s: first sample after the knob press %.2f s after the kernel started, %.0f ms after the press\n", b, at, (at - p) * 1000 }'
}
