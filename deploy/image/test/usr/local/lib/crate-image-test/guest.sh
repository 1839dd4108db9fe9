#!/bin/bash
# The card image boot test's guest half (crate-image-test.service). Prints its results
# on the console as "IMAGE-TEST ..." lines, which the host reads from the serial log.
# Boot 1 (the card's first): crated ready, the read-only root, the data partition, the
# settings applied; then updates the package with crate-update, which reboots.
# Boot 2: crated ready again on the read-only root with the package reinstalled; powers off.
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
[[ -z $failed ]] && pass "no failed units" || fail "failed units: $failed"

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
  check "the Wi-Fi network" grep -q 'ssid="CrateTestNet"' /etc/wpa_supplicant/wpa_supplicant-wlan0.conf
  check "the Plex server in crate.toml" grep -qx 'server_url = "http://192.168.1.10:32400"' /etc/crate/crate.toml
  check "the music folders in crate.toml" grep -qx 'paths = \["/data/music", "/mnt/nas music"\]' /etc/crate/crate.toml
  doctor=$(crate-admin doctor 2>&1)
  sed 's/^/IMAGE-TEST DOCTOR /' <<<"$doctor"
  grep -q '/mnt/nas music' <<<"$doctor" && pass "crate-admin doctor checks the settings' music folders" \
    || fail "crate-admin doctor does not name /mnt/nas music"
  check "a machine id of its own, on disk" bash -c '[[ -s /etc/machine-id ]] && ! findmnt -n /etc/machine-id'
  check "SSH host keys made on the card" test -s /etc/ssh/ssh_host_ed25519_key
  check "first-boot flag cleared" test ! -e /etc/crate-image/first-boot
  # The update path: a package through crate-update, which reboots.
  stat -c %Z /usr/bin/crated >"$D/crated-ctime"
  echo 2 >"$D/stage"; sync
  say "boot 1: crate-update $(ls /usr/local/share/crate-image-test/*.deb)"
  crate-update /usr/local/share/crate-image-test/*.deb 2>&1 | tail -5 | sed 's/^/IMAGE-TEST UPDATE /'
  # systemctl reboot only queues the reboot, which then ends this script.
  sleep 600
  fail "crate-update did not reboot within 10 minutes"
  finish poweroff
else
  [[ $(stat -c %Z /usr/bin/crated) != $(cat "$D/crated-ctime") ]] \
    && pass "crate-update reinstalled the package (crated's files are new)" \
    || fail "crated's files unchanged after crate-update"
  check "the package is installed" bash -c 'dpkg-query -W -f "\${Status}" crate | grep -q "install ok installed"'
  check "the settings stay applied" test "$(hostname)" = crate-test-pi
  finish poweroff
fi
