#!/bin/bash
# The boot test's guest half (crate-boot-test.service, after crated.service). Each boot
# runs the next stage, records PASS/FAIL lines and artefacts in /var/lib/crate-vm/results
# and ends the boot: stage 1 plays an album picked with the simulated knob, then
# reboots; stage 2 checks the restored queue and installs, upgrades, removes and
# reinstalls the package, then powers off. Waits on observable state, never on sleeps.
set -uo pipefail
VM=/var/lib/crate-vm
OUT=$VM/results
mkdir -p "$OUT"
stage=$(cat "$VM/stage" 2>/dev/null || echo 1)
exec >>"$OUT/stage$stage.log" 2>&1
source /run/crate-sim/env
source "$(dirname "$0")/boot-to-music.sh"   # the knob, the capture, the first sample
source "$(dirname "$0")/busy-box.sh"        # scans, the page and CPU hogs while it plays
admin=(crate-admin --json)
SLOW=$(cat /etc/crate-vm/slow 2>/dev/null || echo 1)   # > 1 on a slower (emulated) CPU

pass() { echo "PASS $*" | tee -a "$OUT/checks"; }
fail() { echo "FAIL $*" | tee -a "$OUT/checks"; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }
# json EXPR: evaluates a Python expression over the JSON document on stdin (as d).
json() { python3 -c 'import json,sys; d=json.load(sys.stdin); v=eval(sys.argv[1]); print(json.dumps(v) if isinstance(v,(dict,list)) else v)' "$1"; }
# until_true SECONDS DESCRIPTION COMMAND...: polls until COMMAND succeeds; records a
# FAIL when the time runs out (wall clock: under emulation one poll takes a while).
# SECONDS are for the x86 guest: multiplied by SLOW.
until_true() {
  local limit=$(($1 * SLOW)) what=$2; shift 2
  local deadline=$((SECONDS + limit))
  # Not faster: each poll starts crate-admin and python3, which the emulated CPUs feel.
  while ((SECONDS < deadline)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  fail "timed out after ${limit}s waiting for $what"; return 1
}
status() { "${admin[@]}" status; }
field() { status | json "$1"; }
# The track under the play head (the list grows as the crate appends albums).
current_path() { field "d['status']['player']['tracks'][d['status']['player']['currentIndex']]['path']"; }
finish() { echo "$stage" >> "$OUT/stages"; sync; echo "stage $stage done"; systemctl "$1"; exit 0; }

crated_ready() { [ "$(systemctl is-active crated)" = active ] && crate-admin ping; }
if ! until_true 120 "crated active and answering" crated_ready; then
  systemctl status crated --no-pager; journalctl -u crated --no-pager | tail -50
  echo 0 >> "$OUT/stages"; sync; systemctl poweroff; exit 0
fi
pid=$(systemctl show -p MainPID --value crated)
echo "boot $stage: crated answering $(cut -d' ' -f1 /proc/uptime) s after the kernel started" >> "$OUT/timings"
# Ready as systemd saw it (READY=1 of the Type=notify unit), and what crated was ordered
# after, each with the time it was reached: the last of them is what held crated back
# (systemd-analyze critical-chain answers only once the boot, this unit included, is over).
ms() { echo $(($(systemctl show -p "${2:-ActiveEnterTimestampMonotonic}" --value -- "$1") / 1000)); }
echo "boot $stage: crated ready (READY=1) $(ms crated) ms after the kernel started" >> "$OUT/timings"
{ echo "boot $stage: ms after the kernel started, unit (crated.service is ordered after these)"
  for unit in $(systemctl show -p After --value crated); do echo "$(ms "$unit") $unit"; done | sort -n
  echo "$(ms crated ExecMainStartTimestampMonotonic) crated.service started"
  echo "$(ms crated) crated.service ready"; } > "$OUT/start-chain-boot$stage.txt"

if [ "$stage" = 1 ]; then
  # --- Started on boot, as user crate, real time, watchdog armed, socket private.
  check "crated runs as user crate" [ "$(ps -o user= -p "$pid")" = crate ]
  ps -L -o tid=,comm=,cls=,rtprio= -p "$pid" > "$OUT/threads.txt"
  check "the audio writer thread is SCHED_FIFO priority 40" grep -Eq 'crate-rt +FF +40$' "$OUT/threads.txt"
  check "the unit is Type=notify with a watchdog" [ "$(systemctl show -p Type --value crated)/$(systemctl show -p WatchdogUSec --value crated)" = "notify/1min" ]
  check "status reports SCHED_FIFO" [ "$(field "d['status']['player']['output']['realtime']")" = True ]
  sock=$(stat -c '%a %G %F' /run/crate/crate.sock)
  check "the control socket is 0660 group crate ($sock)" [ "$sock" = "660 crate socket" ]
  check "gpiochip, fb and sound nodes belong to gpio, video, audio" [ "$(stat -c %G "$CRATE_SIM_GPIOCHIP" "$CRATE_SIM_FB" /dev/snd/pcmC*D0p | sort -u | paste -sd,)" = "audio,gpio,video" ]
  # --- The NIC (boot.sh --forward, scenario/enable-web.sh): systemd-networkd gives it
  # 10.0.2.15, crate-web listens there, the host fetches the page through qemu's
  # forwarded port (scenario/check-web.py) while this stage goes on.
  if [ ! -e /etc/crate-vm/web ]; then
    check "nothing listens on the network" [ -z "$(awk 'NR > 1 && $4 == "0A"' /proc/net/tcp /proc/net/tcp6)" ]
  else
    check "the guest's NIC has 10.0.2.15 (systemd-networkd)" until_true 60 "the NIC's address" grep -q -- '-- 10\.0\.2\.15$' /proc/net/fib_trie
    web_listening() { [ "$(systemctl is-active crate-web)" = active ] && awk '$4 == "0A"' /proc/net/tcp | grep -q ' 0F02000A:1F90 '; }
    check "crate-web is active and listens on 10.0.2.15:8080" until_true 60 "crate-web listening" web_listening
    webpid=$(systemctl show -p MainPID --value crate-web)
    check "crate-web runs as user crate" [ "$(ps -o user= -p "$webpid")" = crate ]
    # Its only listening socket: crated itself listens on no network ([mpd] listen is empty).
    listening=$(awk 'NR > 1 && $4 == "0A" {print $2}' /proc/net/tcp /proc/net/tcp6 | paste -sd,)
    check "only the page listens on the network ($listening)" [ "$listening" = 0F02000A:1F90 ]
  fi
  # With the NIC, systemd-networkd brings it up during the boot: crated is still ordered
  # after no network unit (the start-chain file lists what it waited for).
  after=$(systemctl show -p After --value crated)
  nic=; [ -e /etc/crate-vm/web ] && nic=", with a NIC present"
  check "crated waits for no network and no udev settle$nic" \
    [ -z "$(tr ' ' '\n' <<<"$after" | grep -E '^(network-online\.target|network\.target|systemd-networkd.*|systemd-udev-settle\.service)$')" ]
  crate-admin doctor > "$OUT/doctor.txt" 2>&1
  check "crate-admin doctor finds no failure" [ $? -eq 0 ]
  if [ -e /etc/crate-vm/web ]; then
    check "doctor's web line is ok: $(grep -E '^ok +web ' "$OUT/doctor.txt" | tr -s ' ')" grep -Eq '^ok +web +the page is served at http://10\.0\.2\.15:8080/' "$OUT/doctor.txt"
  fi
  # The package's manual pages, as an admin reads them (man-db is in the base, as on
  # Raspberry Pi OS): the commands' help and the configuration reference.
  check "man crate-admin, crated and crate.toml show the package's pages" sh -c \
    'man -P cat crate-admin | grep -q "crate-admin status" && man -P cat 8 crated | grep -q "control socket" && man -P cat 5 crate.toml | grep -q "rt_priority"'

  # --- The library is scanned and the knob is read from the GPIO chip.
  until_true 120 "the start-up scan (3 albums)" sh -c '[ "$(crate-admin --json albums | python3 -c "import json,sys; print(len(json.load(sys.stdin)[\"albums\"]))")" = 3 ]'
  check "controls read the GPIO chip" [ "$(field "d['status']['controls']['backend']")" = gpio ]
  # The libgpiod crated reads the chip through, as mapped into the running process: the
  # release's own (Debian 13: libgpiod.so.3, v2's API, LibGPIOD2.swift; Debian 12:
  # libgpiod.so.2, v1's, LibGPIOD1.swift). The knob press below goes through that code.
  gpiod_want=$(. /etc/os-release; case $VERSION_ID in 13) echo libgpiod.so.3 ;; 12) echo libgpiod.so.2 ;; *) echo "Debian $VERSION_ID?" ;; esac)
  gpiod_mapped=$(grep -o 'libgpiod\.so\.[0-9]*' "/proc/$pid/maps" | sort -u | paste -sd,)
  check "crated reads the GPIO chip through $gpiod_want (mapped: ${gpiod_mapped:-none})" [ "$gpiod_mapped" = "$gpiod_want" ]
  "${admin[@]}" crate > "$OUT/crate.json"
  expected=$(json "d['crate']['items'][1]['album']['folder']" < "$OUT/crate.json")
  echo "$expected" > "$OUT/expected-album"

  # --- Capture first, so the loopback records the album from its first sample.
  capture_start "$OUT/capture.raw" "$OUT/arecord.log" $((30 * SLOW)) \
    || fail "timed out after $((30 * SLOW))s waiting for the loopback capture running"

  # --- Two clicks clockwise (Gray code, A leads), then a press of the knob: the first
  # click shows the crate's first album, the second its second album, which plays.
  browse_at() { [ "$(field "d['status']['controls'].get('browseIndex')")" = "$1" ]; }
  for click in 0 1; do
    knob_click
    until_true 10 "the browse cursor on album $((click + 1))" browse_at "$click"
  done
  knob_press
  # One status per poll: state and the track under the play head together.
  playing_expected() { field "d['status']['player']['state']['state'] + ' ' + d['status']['player']['tracks'][d['status']['player']['currentIndex']]['path']" | grep -q "^playing $expected/"; }
  until_true 30 "album 2 playing" playing_expected && pass "a knob turn and press started the crate's second album"
  # The box busy while the rest of the album plays (amd64; /etc/crate-vm/busy).
  if [ -e /etc/crate-vm/busy ]; then
    busy_start "$OUT" "$(status | python3 -c 'import json, sys; p = json.load(sys.stdin)["status"]["player"]; i = p["currentIndex"]
print(int(sum(t["duration"] for t in p["tracks"][i:] if t["path"].startswith(sys.argv[1] + "/")) - p["position"]))' "$expected")"
  fi

  # --- The panel shows the now-playing screen while it plays.
  until_true 10 "the now-playing screen" sh -c "crate-admin --json display status | grep -q '\"screen\":\"now-playing\"'"
  "${admin[@]}" display status > "$OUT/display.json"
  cat "$CRATE_SIM_FB" > "$OUT/fb.raw"
  cat /sys/class/graphics/${CRATE_SIM_FB#/dev/}/{virtual_size,stride,bits_per_pixel} > "$OUT/fb.geometry"
  crate-admin display snapshot "$OUT/snapshot.png" >/dev/null
  # vfb's 16 bpp mode puts blue in the high bits: BGR565, which crated also writes.
  check "display status: /dev/fb0, 16 bpp, now-playing, no problem" python3 -c '
import json,sys; d=json.load(open(sys.argv[1]))["status"]["display"]
sys.exit(not (d["device"] == sys.argv[2] and d.get("format") in ("RGB565", "BGR565")
              and d.get("screen") == "now-playing" and not d.get("problem")))' "$OUT/display.json" "$CRATE_SIM_FB"

  # --- Play through to the next album (the crate goes on gaplessly), then pause there.
  next_album() { local path; path=$(current_path) && [ -n "$path" ] && [[ $path != "$expected/"* ]]; }
  until_true 60 "the next album" next_album
  [ -e /etc/crate-vm/busy ] && busy_stop
  until_true 20 "a second into it" sh -c "[ \"\$(crate-admin --json status | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"status\"][\"player\"][\"position\"] > 1.0)')\" = True ]"
  crate-admin pause >/dev/null
  # Paused once the card has played what it held (up to its buffer, 370 ms here).
  until_true 10 "the pause to take effect" sh -c "crate-admin --json status | grep -q '\"state\":\"paused\"'" && pass "paused"
  kill -INT "$recorder"; wait "$recorder"
  "${admin[@]}" status > "$OUT/paused.json"
  # The reference: mpg123's gapless decode of the album's tracks, back to back, made
  # here so libmpg123 runs the same CPU-specific code as in crated.
  # The album's running order as made (make-music.py), not as crated lists it.
  tracks=$(python3 -c 'import json,sys; print("\n".join(sys.argv[2] + "/" + t for t in json.load(open("/srv/music/manifest.json"))[sys.argv[2]]["tracks"]))' x "$expected")
  : > "$OUT/reference.raw"
  while read -r track; do
    mpg123 -q --stereo -e s16 -O "$OUT/track.raw" "$track" && cat "$OUT/track.raw" >> "$OUT/reference.raw"
  done <<< "$tracks"
  rm -f "$OUT/track.raw"
  echo "$tracks" > "$OUT/reference.tracks"
  # Boot to music: the capture's first non-silent frame.
  first_sample "$OUT/capture.raw" "$stage" >> "$OUT/timings"
  check "no underrun while playing" [ "$(json "d['status']['player']['output']['underruns']" < "$OUT/paused.json")" = 0 ]
  # The host's look at the page (check-web.py) ends by answering on 10.0.2.2: wait for
  # it, so the page is still here while the host fetches it.
  host=$(sed -n 's/.*crate_vm\.web_checked=\([^ ]*\).*/\1/p' /proc/cmdline)
  if [ -n "$host" ]; then
    check "the host fetched the page through the forwarded port" until_true 120 "the host's web checks" \
      python3 -c 'import sys, urllib.request; urllib.request.urlopen("http://" + sys.argv[1] + "/", timeout=5)' "$host"
  fi
  echo 2 > "$VM/stage"
  # boot-test.sh --quick: this boot is all there is.
  if [ -e "$VM/quick" ]; then finish poweroff; fi
  finish reboot
fi

if [ "$stage" = 2 ]; then
  # --- After the reboot: the queue is back, paused where it was.
  restored() { [ "$(field "d['status']['player']['state']['state']")" = paused ]; }
  until_true 30 "the restored queue" restored
  "${admin[@]}" status > "$OUT/restored.json"
  same_place() { python3 - "$1" "$OUT/paused.json" <<'PY'
import json, sys
now, then = (json.load(open(p))["status"]["player"] for p in sys.argv[1:3])
def current(player):
    return player["tracks"][player["currentIndex"]]["path"] if player.get("currentIndex") is not None else None
ok = (now["state"]["state"] == "paused" and current(now) == current(then)
      and abs(now["position"] - then["position"]) < 0.25)
print(now["state"], current(now), now["position"], "was", current(then), then["position"])
sys.exit(not ok)
PY
  }
  check "a reboot restores the queue paused at its position" same_place "$OUT/restored.json"
  check "crated started on boot again as crate" [ "$(ps -o user= -p "$pid")" = crate ]

  # --- Upgrade, remove, reinstall: the state and the edited config stay.
  conf_before=$(sha256sum /etc/crate/crate.toml)
  # SQLite's -wal/-shm files exist only while crated has the databases open (a clean
  # stop checkpoints and closes them), so they are not part of what must be kept.
  state_before=$(ls /var/lib/crate | grep -v -e '-wal$' -e '-shm$' | sort | paste -sd,)
  new=$(ls "$VM"/debs/crate_*.deb | head -1)
  dpkg -i "$new" </dev/null > "$OUT/dpkg-upgrade.txt" 2>&1
  check "the upgrade installs without a prompt" [ $? -eq 0 ]
  check "the upgrade is installed ($(dpkg-query -W -f '${Version}' crate))" [ "$(dpkg-query -W -f '${Version}' crate)" = "$(dpkg-deb -f "$new" Version)" ]
  check "the upgrade keeps the edited config" [ "$(sha256sum /etc/crate/crate.toml)" = "$conf_before" ]
  until_true 60 "crated restarted by the upgrade" crated_ready
  check "the upgrade restarted crated" [ "$(systemctl show -p MainPID --value crated)" != "$pid" ]
  "${admin[@]}" status > "$OUT/upgraded.json"
  check "after the upgrade the queue is still paused at its position" same_place "$OUT/upgraded.json"

  dpkg -r crate </dev/null > "$OUT/dpkg-remove.txt" 2>&1
  check "the package removes" [ $? -eq 0 ]
  check "removal stops crated" [ "$(systemctl is-active crated)" != active ]
  check "removal deletes the binaries" [ ! -e /usr/bin/crated ]
  check "removal keeps the edited config" [ "$(sha256sum /etc/crate/crate.toml)" = "$conf_before" ]
  check "removal keeps /var/lib/crate ($state_before)" \
    [ "$(ls /var/lib/crate | grep -v -e '-wal$' -e '-shm$' | sort | paste -sd,)" = "$state_before" ]

  dpkg -i "$new" </dev/null > "$OUT/dpkg-reinstall.txt" 2>&1
  check "the package reinstalls" [ $? -eq 0 ]
  until_true 60 "crated after the reinstall" crated_ready
  "${admin[@]}" status > "$OUT/reinstalled.json"
  check "after a reinstall the queue is still paused at its position" same_place "$OUT/reinstalled.json"
  check "the reinstalled service is enabled for the next boot" [ "$(systemctl is-enabled crated)" = enabled ]

  # --- A knob line another program holds when crated starts (EBUSY from the kernel):
  # crated runs without its controls and doctor names the fix (stop that program), told
  # by the typed lineBusy in status, not by the message's words.
  systemctl stop crated
  read -r _ push_off push_chip _ < <(awk '$1 == "knob-push"' /run/crate-sim/gpio)
  if [ "$(gpiodetect --version | sed -n 's/.* v\([0-9]*\)\..*/\1/p' | head -1)" = 1 ]; then
    gpiomon "${push_chip#/dev/}" "$push_off" > /dev/null 2>&1 &
  else
    gpiomon -c "$push_chip" "$push_off" > /dev/null 2>&1 &
  fi
  holder=$!
  held() { gpioinfo 2>/dev/null | grep -q '"gpiomon"'; }
  until_true 30 "gpiomon holding knob-push" held
  systemctl start crated
  until_true 60 "crated started with a held line" crated_ready
  check "with knob-push held elsewhere, status says a line is busy" \
    [ "$(field "d['status']['controls'].get('lineBusy')")" = True ]
  crate-admin doctor > "$OUT/doctor-line-busy.txt" 2>&1
  check "doctor says another program holds the line" grep -q "another program holds the line" "$OUT/doctor-line-busy.txt"
  kill "$holder"; wait "$holder" 2>/dev/null
  systemctl restart crated
  until_true 60 "crated after the held line was freed" crated_ready
  check "the freed line is read again after a restart" [ "$(field "d['status']['controls']['backend']")" = gpio ]

  # --- A DAC switched on after crated started: the card's module is unloaded while
  # crated is stopped, crated starts without it, then the module is loaded; crated
  # must open the card by itself (no restart) and play the queue there.
  systemctl stop crated
  modprobe -r snd-aloop
  check "the sound card is gone before crated starts" [ ! -e /proc/asound/Loopback ]
  systemctl start crated
  until_true 60 "crated started without a card" crated_ready
  waiting_for_dac() { [ "$(field "d['status']['player']['output'].get('waitingForDevice')")" = True ]; }
  check "with no card, status says crated is waiting for the DAC" until_true 30 "waiting for the DAC" waiting_for_dac
  crate-admin doctor > "$OUT/doctor-no-dac.txt" 2>&1
  check "with no card, doctor says it is waiting for the DAC" grep -q "waiting for the DAC" "$OUT/doctor-no-dac.txt"
  modprobe snd-aloop id=Loopback
  dac_open() { ! waiting_for_dac && [ -z "$(field "d['status']['player']['output'].get('message') or ''")" ]; }
  check "the card loaded late is opened by crated without a restart" until_true 60 "the late card opened" dac_open
  check "crated was not restarted for it" [ "$(systemctl show -p NRestarts --value crated)" = 0 ]
  "${admin[@]}" resume > /dev/null
  position() { field "d['status']['player']['position']"; }
  at=$(position) track_at=$(current_path)
  # On past the paused position, or on to a later track: the paused one has little more
  # than a second left, which polls slowed by a busy host (a second or more each) miss.
  plays_on() { [ "$(field "d['status']['player']['state']['state']")" = playing ] &&
    { [ "$(current_path)" != "$track_at" ] ||
      python3 -c 'import sys; sys.exit(float(sys.argv[1]) <= float(sys.argv[2]) + 0.5)' "$(position)" "$at"; }; }
  check "the queue plays on the late card" until_true 60 "playback on the late card" plays_on
  "${admin[@]}" pause > /dev/null
  journalctl -u crated --no-pager > "$OUT/crated.journal"
  echo 3 > "$VM/stage"
  finish poweroff
fi
