#!/usr/bin/env bash
# The arm64 package, installed and played under qemu-user (docs/testing.md):
#   1. a Debian 12 arm64 root made by debootstrap (cached in $CRATE_ARM64_DIR), fresh
#      for each run; the package installed there with apt, which must resolve its
#      Depends from Debian 12 alone;
#   2. `crated --version` and `crate-admin --help` run there; the package passes the
#      same checks as the x86_64 one (deploy/check-packaging.sh);
#   3. crated plays two albums (16-bit FLAC and 24-bit ALAC, cut from one sweep at
#      points that fall inside codec frames) into ALSA's `file` PCM, and so does the
#      x86_64 package's crated on this machine: both captures must equal the reference
#      decoders' output (flac -d, ffmpeg), sample for sample, and so each other.
# Usage: install-test.sh --deb ARM64_DEB --reference-deb AMD64_DEB
# Prints PASS/FAIL lines and "arm64 package: N passed, M failed"; exits 1 on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/arm64/lib.sh
deb= refdeb=
while (($#)); do
  case $1 in
    --deb) deb=$(realpath "$2"); shift 2 ;;
    --reference-deb) refdeb=$(realpath "$2"); shift 2 ;;
    *) die "usage: install-test.sh --deb ARM64_DEB --reference-deb AMD64_DEB" ;;
  esac
done
[[ -f $deb && -f $refdeb ]] || die "usage: install-test.sh --deb ARM64_DEB --reference-deb AMD64_DEB"
[[ $(dpkg-deb -f "$deb" Architecture) == arm64 ]] || die "$deb is not an arm64 package"
t0=$SECONDS
need_pkgs debootstrap zstd sox flac ffmpeg python3
need_binfmt

passed=0 failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# The unit, the udev rules and the control file as for x86_64 (the same layout).
if bash deploy/check-packaging.sh "$deb" >"$ARM64_WORK/check-packaging.log" 2>&1; then
  pass "package checks: $(grep -c '^ok' "$ARM64_WORK/check-packaging.log") of deploy/check-packaging.sh"
else
  cat "$ARM64_WORK/check-packaging.log"; fail "package checks (deploy/check-packaging.sh)"
fi

# --- The root: debootstrap's second stage runs emulated (~3 min), so its result is cached.
W=$ARM64_WORK/install-test
R=$W/root
safe_rm "$W"
mkdir -p "$W/music"
cached_root "$ARM64_WORK/bookworm-arm64" "$R" "$ARM64_MIRROR" --variant=minbase --arch=arm64 bookworm ||
  die "debootstrap bookworm arm64 failed"
trap 'chroot_umount "$R"' EXIT
chroot_mount "$R"
log "arm64 root ready ($((SECONDS - t0)) s)"

# --- Install with apt, as an owner of a Pi would: no service may start in the chroot.
printf '#!/bin/sh\nexit 101\n' >"$R/usr/sbin/policy-rc.d"; chmod 755 "$R/usr/sbin/policy-rc.d"
cp -L /etc/resolv.conf "$R/etc/resolv.conf"
cp "$deb" "$R/tmp/"
if chroot "$R" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
     --no-install-recommends /tmp/${deb##*/}" >"$W/apt.log" 2>&1; then
  pass "apt installs $(basename "$deb") in a Debian 12 arm64 root ($(grep -c '^Setting up' "$W/apt.log") packages set up)"
else
  tail -20 "$W/apt.log"; fail "apt install of $(basename "$deb")"
fi
got=$(chroot "$R" crated --version 2>&1) || true
want="$(dpkg-deb -f "$deb" Version) (aarch64)"
[[ $got == "$want" ]] && pass "crated --version: $got" || fail "crated --version printed '$got', expected '$want'"
if chroot "$R" crate-admin --help >"$W/help.txt" 2>&1 && grep -q 'USAGE: crate-admin' "$W/help.txt"; then
  pass "crate-admin --help ($(wc -l <"$W/help.txt") lines)"
else
  fail "crate-admin --help: $(head -3 "$W/help.txt")"
fi

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
cp -a "$W/music" "$R/srv/"

# play NAME HOST_DIR DIR MUSIC RUN...: crated, started by RUN (a chroot, or nothing),
# plays each album into a file capture of its own, one daemon per album so that a
# capture holds that album alone. DIR and MUSIC are paths as crated sees them, HOST_DIR
# is DIR as this script sees it; the captures end up in $W/NAME-<format>.raw.
play() {
  local name=$1 host=$2 dir=$3 music=$4; shift 4
  local album pid i sock=$dir/crate.sock
  for album in "FLAC 16-44" "ALAC 24-96"; do
    rm -rf "$host"; mkdir -p "$host"
    printf '%s\n' "state_dir = \"$dir/state\"" '[control]' "socket = \"$sock\"" '[audio]' \
      "device = \"file:FILE=$dir/capture.raw,FORMAT=raw\"" 'pacing = "device"' >"$host/crate.toml"
    "$@" crated --config "$dir/crate.toml" >"$host/crated.log" 2>&1 &
    pid=$!
    for ((i = 0; i < 600; i++)); do "$@" crate-admin --socket "$sock" ping >/dev/null 2>&1 && break; sleep 0.1; done
    "$@" crate-admin --socket "$sock" play "$music/$album" >>"$host/crated.log" 2>&1 ||
      log "$name: play $album refused (see $host/crated.log)"
    # Written as fast as it decodes (pacing = "device" on a file): done when idle again.
    for ((i = 0; i < 1200; i++)); do
      "$@" crate-admin --socket "$sock" --json status 2>/dev/null | python3 "$ARM64_HERE/played.py" && break
      sleep 0.1
    done
    kill -TERM "$pid"; wait "$pid" || log "$name: crated exited with $? (see $host/crated.log)"
    mv "$host/capture.raw" "$W/$name-${album%% *}.raw" 2>/dev/null || log "$name: no capture of $album"
    cp "$host/crated.log" "$W/$name-${album%% *}.log"
  done
}
log "playing the albums on arm64 (qemu-user), then on x86_64"
play arm64 "$R/tmp/crate-test" /tmp/crate-test /srv/music chroot "$R"
dpkg-deb -x "$refdeb" "$W/x86_64-package"
# env, like chroot, execs the program: the pid play() signals is crated's own.
play x86_64 "$W/x86_64" "$W/x86_64" "$W/music" env PATH="$W/x86_64-package/usr/bin:$PATH"

# --- The verdict: each capture against the reference decoders' output.
python3 "$ARM64_HERE/check-captures.py" "$W" | tee "$W/verdict.txt"
# (grep -c exits 1 when it counts none, and set -e would end the script there.)
passed=$((passed + $(grep -c '^PASS' "$W/verdict.txt" || true)))
failed=$((failed + $(grep -c '^FAIL' "$W/verdict.txt" || true)))
log "finished in $((SECONDS - t0)) s; artefacts in $W"
echo "arm64 package: $passed passed, $failed failed"
((failed == 0))
