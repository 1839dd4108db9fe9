#!/usr/bin/env bash
# Each package installed with apt in a fresh root of its own Debian release and
# architecture, and played there (docs/testing.md, "The packages"):
#   1. a root made by debootstrap for the package's release (its version's ~debN) and
#      architecture (cached in $CRATE_ARM64_DIR; arm64's second stage emulated), fresh
#      for each package; the package installed there with apt, which must resolve its
#      Depends from that release's archive alone;
#   2. `crated --version` and `crate-admin --help` run there (arm64 under qemu-user); the
#      package passes deploy/check-packaging.sh;
#   3. crated plays two albums (16-bit FLAC and 24-bit ALAC, cut from one sweep at points
#      that fall inside codec frames) into ALSA's `file` PCM in that root: every capture
#      must equal the reference decoders' output (flac -d, ffmpeg) sample for sample, and
#      so all the packages play exactly the same samples.
# Usage: install-test.sh DEB...
# Prints PASS/FAIL lines and "install test: N passed, M failed"; exits 1 on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/arm64/lib.sh
HERE=deploy/install-test
NO_CHIP=crate-install-test   # a GPIO chip no machine has
(($#)) || die "usage: install-test.sh DEB..."
debs=()
for deb in "$@"; do
  [[ -f $deb ]] || die "no such package: $deb"
  debs+=("$(realpath "$deb")")
done
t0=$SECONDS
need_pkgs debootstrap zstd sox flac ffmpeg python3
need_binfmt

passed=0 failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
W=$ARM64_WORK/install-test
safe_rm "$W"
mkdir -p "$W/music"

# --- The music: one sweep, cut at sample counts no codec frame size divides.
python3 - "$W/music" <<'PY'
import os, subprocess, sys
root = sys.argv[1]
def sweep(path, rate, bits, seconds):
    subprocess.run(["sox", "-n", "-r", str(rate), "-b", str(bits), "-c", "2", path,
                    "synth", str(seconds), "sine", "60-12000", "sine", "12000-60", "gain", "-3"], check=True)
def cut(src, dst, start, length):
    subprocess.run(["sox", src, dst, "trim", f"{start}s", f"{length}s"], check=True)
def album(name, rate, bits, cuts, encode):
    folder = os.path.join(root, name); os.makedirs(folder)
    whole = os.path.join(root, name + ".wav"); sweep(whole, rate, bits, sum(cuts) / rate + 0.1)
    start = 0
    for n, length in enumerate(cuts, 1):
        wav = os.path.join(folder, f"{n:02}.wav"); cut(whole, wav, start, length); start += length
        encode(wav, os.path.join(folder, f"{n:02}")); os.remove(wav)
    os.remove(whole)
flac = lambda wav, stem: subprocess.run(["flac", "-s", "-5", "-o", stem + ".flac", wav], check=True)
alac = lambda wav, stem: subprocess.run(["ffmpeg", "-v", "error", "-i", wav, "-c:a", "alac",
                                         "-sample_fmt", "s32p", stem + ".m4a"], check=True)
album("FLAC 16-44", 44100, 16, [98_017, 131_071, 77_777], flac)
album("ALAC 24-96", 96000, 24, [150_001, 99_991], alac)
PY

# play LABEL ROOT: crated in ROOT plays each album into a file capture of its own, one
# daemon per album so that a capture holds that album alone; the captures end up in
# $W/LABEL-<format>.raw.
play() {
  local label=$1 root=$2 album pid i dir=/tmp/crate-test sock=/tmp/crate-test/crate.sock
  local host=$root$dir in=(chroot "$root")
  for album in "FLAC 16-44" "ALAC 24-96"; do
    rm -rf "$host"; mkdir -p "$host"
    # A button on a chip that is not there: the controls' GPIO code (libgpiod v1 or v2,
    # as the release has it) runs and says so in the log, and the album plays on.
    printf '%s\n' "state_dir = \"$dir/state\"" '[control]' "socket = \"$sock\"" '[audio]' \
      "device = \"file:FILE=$dir/capture.raw,FORMAT=raw\"" 'pacing = "device"' \
      '[controls]' "chip = \"$NO_CHIP\"" '[controls.play]' 'line = 17' >"$host/crate.toml"
    # chroot execs crated: the pid signalled below is crated's own.
    "${in[@]}" crated --config "$dir/crate.toml" >"$host/crated.log" 2>&1 &
    pid=$!
    for ((i = 0; i < 600; i++)); do "${in[@]}" crate-admin --socket "$sock" ping >/dev/null 2>&1 && break; sleep 0.1; done
    "${in[@]}" crate-admin --socket "$sock" play "/srv/music/$album" >>"$host/crated.log" 2>&1 ||
      log "$label: play $album refused (see $W/$label-${album%% *}.log)"
    # Written as fast as it decodes (pacing = "device" on a file): done when idle again.
    for ((i = 0; i < 1200; i++)); do
      "${in[@]}" crate-admin --socket "$sock" --json status 2>/dev/null | python3 "$HERE/played.py" && break
      sleep 0.1
    done
    kill -TERM "$pid"; wait "$pid" || log "$label: crated exited with $? (see $W/$label-${album%% *}.log)"
    mv "$host/capture.raw" "$W/$label-${album%% *}.raw" 2>/dev/null || log "$label: no capture of $album"
    cp "$host/crated.log" "$W/$label-${album%% *}.log"
  done
}

# test_package DEB: the package in a fresh root of its release; sets $label.
test_package() {
  local deb=$1 arch version dist= d number machine t1=$SECONDS
  arch=$(dpkg-deb -f "$deb" Architecture) version=$(dpkg-deb -f "$deb" Version)
  for d in "${CRATE_DISTS[@]}"; do
    dist_facts "$d"
    [[ $version == *"$DIST_VERSION_SUFFIX"* ]] && dist=$d number=$DIST_NUMBER
  done
  [[ -n $dist ]] || { fail "$deb: its version $version names no release (~deb12, ~deb13)"; return; }
  label=$dist-$arch
  case $arch in arm64) machine=aarch64 ;; amd64) machine=x86_64 ;; *) fail "$deb: architecture $arch"; return ;; esac
  local log=$W/$label-check-packaging.log
  if bash deploy/check-packaging.sh "$deb" >"$log" 2>&1; then
    pass "$label: package checks: $(grep -c '^ok' "$log") of deploy/check-packaging.sh"
  else
    cat "$log"; fail "$label: package checks (deploy/check-packaging.sh)"
  fi

  # The root: debootstrap's second stage runs emulated for arm64 (~3 min), so its result
  # is cached per release and architecture.
  local R=$W/root-$label
  cached_root "$ARM64_WORK/$label" "$R" "$ARM64_MIRROR" --variant=minbase --arch="$arch" "$dist" ||
    { fail "$label: debootstrap $dist $arch"; return; }
  chroot_mount "$R"
  # The release's updates and security fixes, as on a box that is kept up to date.
  printf 'deb %s\n' "$ARM64_MIRROR $dist main" "$ARM64_MIRROR $dist-updates main" \
    "${ARM64_MIRROR%/debian}/debian-security $dist-security main" >"$R/etc/apt/sources.list"
  # Install with apt, as an owner of a box would: no service may start in the chroot.
  printf '#!/bin/sh\nexit 101\n' >"$R/usr/sbin/policy-rc.d"; chmod 755 "$R/usr/sbin/policy-rc.d"
  cp -L /etc/resolv.conf "$R/etc/resolv.conf"
  cp "$deb" "$R/tmp/"
  if chroot "$R" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
       --no-install-recommends /tmp/${deb##*/}" >"$W/$label-apt.log" 2>&1; then
    pass "$label: apt installs $(basename "$deb") in a Debian $number $arch root ($(grep -c '^Setting up' "$W/$label-apt.log") packages set up)"
  else
    tail -20 "$W/$label-apt.log"; fail "$label: apt install of $(basename "$deb")"
  fi
  local got want="${version%%-*} ($machine)"
  got=$(chroot "$R" crated --version 2>&1) || true
  [[ $got == "$want" ]] && pass "$label: crated --version: $got" || fail "$label: crated --version printed '$got', expected '$want'"
  if chroot "$R" crate-admin --help >"$W/$label-help.txt" 2>&1 && grep -q 'USAGE: crate-admin' "$W/$label-help.txt"; then
    pass "$label: crate-admin --help ($(wc -l <"$W/$label-help.txt") lines)"
  else
    fail "$label: crate-admin --help: $(head -3 "$W/$label-help.txt")"
  fi
  cp -a "$W/music" "$R/srv/"
  log "$label: playing the albums"
  play "$label" "$R"
  if grep -qF "cannot open GPIO chip \"$NO_CHIP\": no such GPIO chip" "$W/$label-FLAC.log"; then
    pass "$label: the controls' GPIO code ran with $(chroot "$R" dpkg-query -W -f '${Package} ${Version}' 'libgpiod[0-9]*' 2>/dev/null): a missing chip is named in the log"
  else
    fail "$label: crated did not name the missing GPIO chip $NO_CHIP (see $W/$label-FLAC.log)"
  fi
  chroot_umount "$R"
  safe_rm "$R"
  log "$label: done in $((SECONDS - t1)) s"
}

labels=()
trap 'for r in "$W"/root-*; do chroot_umount "$r"; done' EXIT
for deb in "${debs[@]}"; do
  label=
  test_package "$deb"
  [[ -n $label ]] && labels+=("$label")
done

# --- The verdict: each capture against the reference decoders' output.
python3 "$HERE/check-captures.py" "$W" "${labels[@]}" | tee "$W/verdict.txt"
# (grep -c exits 1 when it counts none, and set -e would end the script there.)
passed=$((passed + $(grep -c '^PASS' "$W/verdict.txt" || true)))
failed=$((failed + $(grep -c '^FAIL' "$W/verdict.txt" || true)))
log "finished in $((SECONDS - t0)) s; artefacts in $W"
echo "install test: $passed passed, $failed failed"
((failed == 0))
