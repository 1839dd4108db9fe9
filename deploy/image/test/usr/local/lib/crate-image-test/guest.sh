#!/bin/bash
# The card image boot test's guest half (crate-image-test.service). Prints its results
# on the console as "IMAGE-TEST ..." lines, which the host reads from the serial log.
# Boot 1 (the card's first): crated ready; a knob turn and press play an album into the
# loopback card (the first sample timed); the read-only root, the data partition, the
# settings applied, doctor clean; then a broken crate-settings.txt is put on the boot
# partition and the package updated with crate-update, which reboots.
# Boot 2: the broken settings refused as a whole, nothing of them applied; crated ready
# again on the read-only root with the package reinstalled; powers off.
set -uo pipefail
D=/data/crate-image-test
mkdir -p "$D"
stage=$(cat "$D/stage" 2>/dev/null || echo 1)
say() { echo "IMAGE-TEST $*"; }
pass() { say "PASS boot $stage: $*"; }
fail() { say "FAIL boot $stage: $*"; }
check() { local name=$1; shift; if "$@" >/dev/null 2>&1; then pass "$name"; else fail "$name"; fi; }
ms() { echo $(($(systemctl show -p "${2:-ActiveEnterTimestampMonotonic}" --value -- "$1") / 1000)); }
finish() { sync; say "END boot $stage"; systemctl "$1"; exit 0; }
# The simulated sound card and knob (crate-sim-hw.service, as in the test VMs).
source /run/crate-sim/env || fail "no simulated hardware (crate-sim-hw.service)"
source "$(dirname "$0")/boot-to-music.sh"   # the knob, the capture, the first sample
SLOW=$(cat /etc/crate-vm/slow 2>/dev/null || echo 1)

# wait_for SECONDS TEST...: polls TEST until it succeeds or SECONDS (times SLOW) pass.
wait_for() {
  local deadline=$((SECONDS + $1 * SLOW)); shift
  until "$@" >/dev/null 2>&1; do ((SECONDS < deadline)) || return 1; sleep 0.25; done
}
# What the guest's last boot left for this one to compare (on the data partition).
fingerprint() {
  sha256sum /etc/hostname /etc/hosts /etc/timezone /etc/crate/crate.toml /etc/passwd /etc/shadow \
    /etc/wpa_supplicant/wpa_supplicant-wlan0.conf 2>&1; readlink /etc/localtime
}

# Ready as systemd saw it (READY=1 of the Type=notify unit), then the whole boot.
for _ in $(seq 1200); do
  [[ $(systemctl is-active crated) == active ]] && crate-admin ping >/dev/null 2>&1 && break
  sleep 1
done
if ! crate-admin ping >/dev/null 2>&1; then
  fail "crated never answered"; systemctl status crated --no-pager; journalctl -b -u crated --no-pager | tail -30
  finish poweroff
fi
say "TIME boot $stage: crated ready (READY=1) $(ms crated) ms after the kernel started"
pass "crated ready (READY=1) and answering crate-admin"
say "TIME boot $stage: simulated hardware ready (crate-sim-hw, before crated) $(ms crate-sim-hw) ms after the kernel started"

if [[ $stage == 1 ]]; then
  # Boot to music, as in the VM boot test: once the library scan has put albums in the
  # crate, one click of the knob shows the crate's first album and a press plays it.
  wait_for 120 bash -c 'crate-admin --json crate | grep -q "\"folder\""' \
    && pass "the library scan put the test's albums in the crate" || fail "no album in the crate"
  if capture_start "$D/capture.raw" "$D/arecord.log" 30; then
    knob_click
    wait_for 10 bash -c 'crate-admin --json status | grep -q "\"browseIndex\":0"' \
      && pass "a knob click shows the crate's first album" || fail "the knob click moved no browse cursor"
    knob_press
    wait_for 30 sounding "$D/capture.raw" && wait_for 10 bash -c 'crate-admin --json status | grep -q "\"state\":\"playing\""' \
      && pass "a knob press played the album into the loopback card" || fail "no sound after the knob press"
    kill -INT "$recorder"; wait "$recorder"
    say "TIME $(first_sample "$D/capture.raw" "$stage")"
    crate-admin pause >/dev/null
  else
    fail "the loopback capture did not start"
  fi
fi
state=$(systemctl is-system-running --wait)
say "TIME boot $stage: boot finished ($state) $(ms multi-user.target) ms after the kernel started"
systemd-analyze critical-chain crated.service --no-pager 2>&1 | sed 's/^/IMAGE-TEST CHAIN /'
chain=$(systemd-analyze critical-chain crated.service --no-pager 2>&1)
if grep -qiE 'network|wait-online|resolved|wpa_supplicant|time-sync' <<<"$chain"; then
  fail "a network unit is in crated's critical chain"
else
  pass "nothing network-related in crated's critical chain"
fi
failed=$(systemctl list-units --failed --no-legend --plain | awk '{print $1}' | xargs)
expected=   # boot 2: the refused settings file fails crate-firstboot, checked below
[[ $stage == 2 ]] && expected=crate-firstboot.service
[[ $failed == "$expected" ]] && pass "no failed units${expected:+ but $expected}" || fail "failed units: $failed"

# The root that a power cut cannot damage, and where the writes go.
check "/ is mounted read-only" findmnt -n -O ro /
check "/ refuses a write" bash -c '! touch /.crate-image-test 2>/dev/null'
check "/boot/firmware is mounted read-only" findmnt -n -O ro /boot/firmware
data=$(blkid -L crate-data)
[[ $(findmnt -n -o SOURCE /data) == "$data" ]] && findmnt -n -O rw /data >/dev/null \
  && pass "/data is the data partition, read-write ($data)" || fail "/data is $(findmnt -n -o SOURCE,OPTIONS /data)"
src=$(findmnt -n -o SOURCE /var/lib/crate)
[[ $src == "$data[/crate]" ]] && pass "/var/lib/crate is /data/crate ($src)" || fail "/var/lib/crate is on $src"
check "crated's state is on the data partition" bash -c 'compgen -G "/data/crate/*" >/dev/null'
check "the journal is in RAM" bash -c '[[ -d /run/log/journal && ! -e /var/log/journal ]]'
check "/var/tmp is in RAM" findmnt -n -t tmpfs /var/tmp

if [[ $stage == 1 ]]; then
  # The settings file the host put on the boot partition (boot-test.sh), applied once.
  size_mb=$(($(blockdev --getsize64 "$data") / 1048576))
  disk_mb=$(($(blockdev --getsize64 "/dev/$(lsblk -no pkname "$data")") / 1048576))
  fs_mb=$(($(findmnt -n -b -o SIZE /data) / 1048576))
  ((size_mb > disk_mb / 2 && fs_mb > size_mb * 9 / 10)) \
    && pass "data partition grown to the card: $size_mb MiB of $disk_mb, file system $fs_mb MiB" \
    || fail "data partition not grown: $size_mb MiB of $disk_mb, file system $fs_mb MiB"
  check "crate-settings.txt removed" test ! -e /boot/firmware/crate-settings.txt
  check "no settings rejected" test ! -e /boot/firmware/crate-settings.rejected.txt
  [[ $(hostname) == crate-test-pi && $(cat /etc/hostname) == crate-test-pi ]] \
    && pass "host name from the settings: $(hostname)" || fail "host name is $(hostname)"
  check "time zone from the settings" test "$(readlink /etc/localtime)" = /usr/share/zoneinfo/Europe/Oslo
  check "user from the settings, in group crate" bash -c 'id -nG owner | grep -qw crate'
  check "the user's SSH key" grep -q 'crate-image-test@host' /home/owner/.ssh/authorized_keys
  check "/home is on the data partition" test -f /data/home/owner/.ssh/authorized_keys
  # Wi-Fi cannot associate in qemu (no radio): what is checked is that the settings'
  # network lands where the image's wpa_supplicant@wlan0 reads it, hashed, root's only.
  wpa=/etc/wpa_supplicant/wpa_supplicant-wlan0.conf
  check "the Wi-Fi network in $wpa" grep -qx $'\tssid="CrateTestNet"' "$wpa"
  check "the Wi-Fi country" grep -qx 'country=NO' "$wpa"
  check "the Wi-Fi passphrase only as its hash (psk)" bash -c "grep -Eqx $'\tpsk=[0-9a-f]{64}' $wpa && ! grep -q 'twelve chars' $wpa"
  check "$wpa is root's only (0600 root:root)" test "$(stat -c '%a %U:%G' "$wpa")" = "600 root:root"
  check "wpa_supplicant@wlan0 reads $wpa" bash -c "systemctl show -p ExecStart wpa_supplicant@wlan0.service | grep -q -- '-c$wpa'"
  check "wpa_supplicant@wlan0 is started when wlan0 appears" \
    test -L /etc/systemd/system/sys-subsystem-net-devices-wlan0.device.wants/wpa_supplicant@wlan0.service
  check "the Plex server in crate.toml" grep -qx 'server_url = "http://192.168.1.10:32400"' /etc/crate/crate.toml
  check "the music folders in crate.toml" grep -qx 'paths = \["/data/music", "/mnt/nas music"\]' /etc/crate/crate.toml
  doctor=$(crate-admin doctor 2>&1); doctor_status=$?
  sed 's/^/IMAGE-TEST DOCTOR /' <<<"$doctor"
  ((doctor_status == 0)) && ! grep -qE '^(FAIL|warn) ' <<<"$doctor" \
    && pass "crate-admin doctor is clean on the first boot (no failure, no warning)" \
    || fail "crate-admin doctor: $(tail -1 <<<"$doctor")"
  grep -q '/mnt/nas music' <<<"$doctor" && pass "crate-admin doctor checks the settings' music folders" \
    || fail "crate-admin doctor does not name /mnt/nas music"
  check "a machine id of its own, on disk" bash -c '[[ -s /etc/machine-id ]] && ! findmnt -n /etc/machine-id'
  check "SSH host keys made on the card" test -s /etc/ssh/ssh_host_ed25519_key
  check "first-boot flag cleared" test ! -e /etc/crate-image/first-boot
  # A broken settings file for the next boot: one bad time zone and one line that is no
  # setting, among settings that alone would apply. All of it must be refused.
  fingerprint >"$D/fingerprint"
  mount -o remount,rw /boot/firmware
  printf '%s\r\n' "# broken on purpose (the image boot test)" "hostname = not-applied" \
    "timezone = Mars/Olympus_Mons" "user = intruder" "password = letmein1" \
    "wifi_ssid = OtherNet" "wifi_password = other password" "wifi_country = SE" \
    "this line is no setting" >/boot/firmware/crate-settings.txt
  sha256sum </boot/firmware/crate-settings.txt >"$D/broken-settings.sha256"
  mount -o remount,ro /boot/firmware
  # The update path: a package through crate-update, which reboots.
  stat -L -c %Z /usr/bin/crated >"$D/crated-ctime"
  echo 2 >"$D/stage"; sync
  say "boot 1: crate-update $(ls /usr/local/share/crate-image-test/*.deb)"
  crate-update /usr/local/share/crate-image-test/*.deb 2>&1 | tail -5 | sed 's/^/IMAGE-TEST UPDATE /'
  # systemctl reboot only queues the reboot, which then ends this script.
  sleep 600
  fail "crate-update did not reboot within 10 minutes"
  finish poweroff
else
  # The broken settings file: refused as a whole, renamed, the reasons beside it.
  B=/boot/firmware
  check "a broken crate-settings.txt is not left in place" test ! -e $B/crate-settings.txt
  check "a broken crate-settings.txt is renamed crate-settings.rejected.txt, unchanged" \
    test "$(sha256sum <$B/crate-settings.rejected.txt 2>&1)" = "$(cat "$D/broken-settings.sha256")"
  sed 's/^/IMAGE-TEST REJECTED /' $B/crate-settings.errors.txt 2>&1
  check "the reasons are in crate-settings.errors.txt (the time zone, the line that is no setting)" \
    bash -c "grep -q \"line 3: timezone 'Mars/Olympus_Mons'\" $B/crate-settings.errors.txt && grep -q \"line 9: not 'key = value'\" $B/crate-settings.errors.txt"
  check "nothing of the broken settings applied (host name, time zone, users, Wi-Fi, crate.toml)" \
    test "$(fingerprint)" = "$(cat "$D/fingerprint")"
  check "the refusal is in the journal" bash -c "journalctl -b -u crate-firstboot --no-pager | grep -q 'error: crate-settings.txt line 3: timezone'"
  [[ $(systemctl show -p Result --value crate-firstboot) == exit-code ]] \
    && pass "crate-firstboot.service failed (systemctl --failed shows the refusal)" \
    || fail "crate-firstboot.service: $(systemctl show -p ActiveState,Result crate-firstboot | xargs)"
  [[ $(stat -L -c %Z /usr/bin/crated) != $(cat "$D/crated-ctime") ]] \
    && pass "crate-update reinstalled the package (crated's files are new)" \
    || fail "crated's files unchanged after crate-update"
  check "the package is installed" bash -c 'dpkg-query -W -f "\${Status}" crate | grep -q "install ok installed"'
  check "the settings stay applied" test "$(hostname)" = crate-test-pi
  finish poweroff
fi
