#!/bin/bash
# Runs in the guest (crate-vm-test.service, as root). Checks that the non-root user
# "tester" (groups gpio, audio, video) can use each simulated device the way crated
# will. Writes PASS/FAIL lines to /var/lib/crate-vm/results/smoke.txt.
set -uo pipefail
RES=/var/lib/crate-vm/results
mkdir -p "$RES"
exec 3>"$RES/smoke.txt"
say() { echo "$*"; echo "$*" >&3; }    # to the serial console and the results file
pass=0 fail=0
check() { # check NAME COMMAND...
  local name=$1; shift
  if "$@"; then say "PASS $name"; ((pass++)); else say "FAIL $name"; ((fail++)); fi
}
as_tester() { runuser -u tester -- "$@"; }
SLOW=$(cat /etc/crate-vm/slow 2>/dev/null || echo 1)   # > 1 on a slower (emulated) CPU
wait_for() { # poll observable state for up to 30 s (times SLOW)
  local i; for ((i = 0; i < 300 * SLOW; i++)); do "$@" && return 0; sleep 0.1; done; return 1
}

say "guest kernel $(uname -rm)"   # which architecture this run really tested
check "sim-hw map files exist" test -s /run/crate-sim/gpio -a -s /run/crate-sim/env
source /run/crate-sim/env
cp /run/crate-sim/gpio "$RES/gpio-map.txt"

# --- GPIO
detected() { as_tester gpiodetect | grep -q 'crate-sim'; }
check "gpiodetect (tester) shows crate-sim" detected
as_tester gpioinfo >"$RES/gpioinfo.txt" 2>&1
names_ok() { local n; for n in knob-a knob-b knob-push play next prev like genre; do
  grep -q "\"$n\"" "$RES/gpioinfo.txt" || return 1; done; }
check "gpioinfo shows the 8 named lines" names_ok
# libgpiod's tools as the guest's release has them: v1 (Debian 12) or v2 (Debian 13),
# whose gpioinfo finds a line by name (v1: gpiofind), whose gpiomon takes the chip as an
# option and numbers a falling edge 2 (v1: 0).
gpiod_major=$(gpiodetect --version | sed -n 's/.* v\([0-9]*\)\..*/\1/p' | head -1)
say "libgpiod tools v$gpiod_major"
if [ "$gpiod_major" = 1 ]; then
  read -r chip off < <(as_tester gpiofind knob-a)
  mon_args=("$chip") falling=0
  listening() { gpioinfo "$chip" | grep -E "^\s+line\s+$off:.*\"gpiomon\"" -q; }
else
  read -r chip off _ < <(as_tester gpioinfo knob-a)
  mon_args=(-c "$chip") falling=2
  listening() { gpioinfo -c "$chip" "$off" | grep -q 'consumer="gpiomon"'; }
fi
dir=$(awk '$1 == "knob-a" {print $4}' /run/crate-sim/gpio)
check "gpio tools find knob-a as in the map file ($chip $off)" test "/dev/$chip" = "$CRATE_SIM_GPIOCHIP" -a "$off" = 0
check "tester may open $CRATE_SIM_GPIOCHIP" as_tester test -r "$CRATE_SIM_GPIOCHIP" -a -w "$CRATE_SIM_GPIOCHIP"
echo pull-down >"$dir/pull"
# stdbuf: gpiomon's stdout is a file here, and each event must show up as it happens.
as_tester timeout $((20 * SLOW)) stdbuf -oL gpiomon --num-events=2 --format='%e %o' "${mon_args[@]}" "$off" >/tmp/gpiomon.txt 2>&1 &
mon=$!
check "gpiomon (tester) requested knob-a" wait_for listening
echo pull-up >"$dir/pull"
# Wait for the rising edge to be seen before the falling one: the simulated interrupt
# keeps one pending bit per line, so two quick edges can merge into one event.
wait_for grep -q '^1 0' /tmp/gpiomon.txt
echo pull-down >"$dir/pull"
wait "$mon"
check "knob-a pull-up/pull-down -> rising, falling events" \
  test "$(tr '\n' ' ' </tmp/gpiomon.txt)" = "1 0 $falling 0 "
cat /tmp/gpiomon.txt >"$RES/gpiomon.txt"

# --- Framebuffer
fb=/sys/class/graphics/${CRATE_SIM_FB#/dev/}
check "fb is 320x240" test "$(cat "$fb/virtual_size")" = 320,240
check "fb is 16 bpp, stride 640" test "$(cat "$fb/bits_per_pixel") $(cat "$fb/stride")" = "16 640"
unbound() { local v; for v in /sys/class/vtconsole/vtcon*; do
  if grep -q "frame buffer" "$v/name" && [ "$(cat "$v/bind")" = 1 ]; then return 1; fi; done; }
check "no text console on the fb" unbound
head -c 153600 /dev/urandom >/tmp/pattern && chmod 644 /tmp/pattern
as_tester dd if=/tmp/pattern of="$CRATE_SIM_FB" bs=153600 count=1 status=none
readback() { as_tester dd if="$CRATE_SIM_FB" bs=153600 count=1 status=none | cmp -s - /tmp/pattern; }
check "tester writes a frame to $CRATE_SIM_FB and reads it back" readback
sleep 1   # a cursor blink is 200 ms: a bound console would have drawn by now
check "frame still intact 1 s later" readback

# --- Sound: play into the loopback, capture from its other end, compare the samples.
# The capture outlasts the 1.3 s played by what starting aplay may take here.
fmt=(-t raw -f S16_LE -r 48000 -c 2)
rm -f /tmp/capture.raw
as_tester arecord -q -D "$CRATE_SIM_CAPTURE" "${fmt[@]}" -d $((4 * SLOW)) /tmp/capture.raw &
rec=$!
capturing() { grep -q 'state: RUNNING' /proc/asound/Loopback/pcm1c/sub0/status; }
check "arecord (tester) is capturing" wait_for capturing
check "aplay (tester) to $CRATE_SIM_PLAYBACK" as_tester aplay -q -D "$CRATE_SIM_PLAYBACK" \
  "${fmt[@]}" /usr/local/share/crate-vm/tone.raw
wait "$rec"
same() { python3 - /usr/local/share/crate-vm/tone.raw /tmp/capture.raw <<'PY'
import sys
tone, cap = (open(f, "rb").read() for f in sys.argv[1:3])
body = tone[:48000 * 4]              # 1 s of tone; the 0.3 s of silence after it may be cut
at = cap.find(body[:4096])
print(f"tone found at byte {at} of {len(cap)} captured")
sys.exit(0 if at >= 0 and cap[at:at + len(body)] == body else 1)
PY
}
check "captured samples == played samples" same

say "$pass passed, $fail failed"
exec 3>&-
sync
