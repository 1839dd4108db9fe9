#!/usr/bin/env bash
# The box's footprint, from packages as built (deploy/build-deb.sh): the .deb's size, its
# Installed-Size, the size of its programs on disk, and the memory of crated playing the
# demo album with crate-web serving its page, both started from the unpacked package.
# Memory is PSS from /proc/PID/smaps_rollup: a page the two processes share (the same
# file mapped twice) counts half in each, so their sum counts it once; RSS counts it twice.
#   bench/footprint.sh DEB...           (amd64 packages of this machine's release run natively)
#   BENCH_SETTLE=20 bench/footprint.sh DEB   seconds of playback before reading (default 15)
#   BENCH_EMULATOR="qemu-aarch64 -L SYSROOT" bench/footprint.sh ARM64_DEB
#                                       an arm64 package under qemu-user: the figures are then
#                                       the qemu processes', emulator included (compare two
#                                       packages so, not with a box)
# A page open means one GET of / and of the status, as a browser's first load asks.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
W=${BENCH_OUT:-$here/out}/footprint
settle=${BENCH_SETTLE:-15}
mkdir -p "$W"
[ -d "$W/music" ] || bash "$here/../deploy/make-demo-library.sh" "$W/music" >/dev/null
album="$W/music/Crate/Demo Album"

pss() { awk '/^Pss:/ {print $2}' "/proc/$1/smaps_rollup"; }
rss() { awk '/^Rss:/ {print $2}' "/proc/$1/smaps_rollup"; }
read -r -a emulator <<<"${BENCH_EMULATOR:-}"

for deb in "$@"; do
  root=$W/root
  rm -rf "$root" "$W/state"; mkdir -p "$root"
  dpkg-deb -x "$deb" "$root"
  port=$((20000 + RANDOM % 20000))
  cat >"$W/crate.toml" <<TOML
state_dir = "$W/state"
[control]
socket = "$W/crate.sock"
[audio]
device = "file:FILE=/dev/null,FORMAT=raw"
pacing = "clock"
[library]
paths = ["$W/music"]
[web]
listen = "127.0.0.1:$port"
TOML
  "${emulator[@]}" "$root/usr/bin/crated" --config "$W/crate.toml" >"$W/crated.log" 2>&1 &
  crated=$!
  "${emulator[@]}" "$root/usr/bin/crate-web" --config "$W/crate.toml" >"$W/crate-web.log" 2>&1 &
  web=$!
  trap 'kill $crated $web 2>/dev/null; wait 2>/dev/null' EXIT
  for _ in $(seq 600); do [ -S "$W/crate.sock" ] && break; sleep 0.1; done
  for _ in $(seq 50); do
    "${emulator[@]}" "$root/usr/bin/crate-admin" --socket "$W/crate.sock" play "$album" >/dev/null 2>&1 && break; sleep 0.2
  done
  for _ in $(seq 600); do curl -fs -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  curl -fs -o /dev/null "http://127.0.0.1:$port/api/status" || true
  sleep "$settle"
  state=$("${emulator[@]}" "$root/usr/bin/crate-admin" --socket "$W/crate.sock" status | grep -m1 -i '^player\|^state\|playing' || echo "no status")
  pc=$(pss $crated) pw=$(pss $web) rc=$(rss $crated) rw=$(rss $web)
  kill $crated $web; wait 2>/dev/null || true
  trap - EXIT
  files=$(find "$root/usr" -path "$root/usr/share" -prune -o -type f -perm -0100 -printf '%s\n' | awk '{s += $1} END {print s}')
  printf '%s\n  .deb %d bytes, Installed-Size %s KiB, programs on disk %d bytes\n' \
    "${deb##*/}" "$(stat -c %s "$deb")" "$(dpkg-deb -f "$deb" Installed-Size)" "$files"
  printf '  playing (%s) after %s s: crated PSS %d KiB (RSS %d), crate-web PSS %d KiB (RSS %d); sum PSS %d KiB, sum RSS %d KiB\n' \
    "$state" "$settle" "$pc" "$rc" "$pw" "$rw" $((pc + pw)) $((rc + rw))
done
