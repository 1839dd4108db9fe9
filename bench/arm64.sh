#!/usr/bin/env bash
# bench/arm64.sh — what the arm64 build costs (issue 27, item 5), measured where it can be
# from an x86_64 machine:
#   1. the size of crate (crated, crate-admin and crate-web in one executable) for arm64
#      (stripped, in the .deb, and unstripped)
#      beside the x86_64 ones where a build of them exists, and the .debs' sizes;
#   2. the guest instructions crated and Debian's arm64 mpd execute under qemu-user, whole
#      processes that play the same album for ~0 s (start, play, stop at once), 30 s and
#      60 s, counted by bench/arm64/insncount.c (a qemu TCG plugin) in a Debian 12 arm64
#      root: the differences are the work of playback, start-up left out;
#   3. the decode floor: the same count for bench/arm64/decode_floor.c, a bare program that
#      only decodes the same albums with the same libFLAC and libmpg123, and each player's
#      overhead above it (bench/count_x86.sh does 2 and 3 for x86_64 players).
# Usage: bench/arm64.sh   (as root; BENCH_WINDOW=60 s of playback, BENCH_REPS=2 rounds)
# Inputs (defaults as the arm64 build leaves them; override to point elsewhere):
#   BENCH_ARM64_DEB    the arm64 .deb        ($ROOT/.build/deb/crate_0.1.0-1~deb12_arm64.deb, else
#                      $CRATE_ARM64_DIR/deb/crate_0.1.0-1~deb12_arm64.deb)
#   BENCH_ARM64_BUILD  the unstripped arm64 binaries ($ROOT/.build-bookworm-arm64/aarch64-unknown-linux-gnu/release)
#   BENCH_X86_BUILD    x86_64 release binaries, if any ($ROOT/.build/release)
#   BENCH_X86_DEB      the x86_64 .deb, if any ($ROOT/.build/deb/crate_0.1.0-1~deb12_amd64.deb)
# Results: stdout and bench/out/arm64-results.json; work files in $BENCH_ARM64_DIR.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$ROOT/deploy/arm64/lib.sh"   # need_binfmt, chroot_mount/umount, safe_rm, ARM64_WORK
log() { printf '== %s\n' "$*"; }     # bench's log (deploy's writes to stderr with a stamp)

W=${BENCH_ARM64_DIR:-/var/tmp/crate-bench-arm64}
# deploy/build-deb.sh --arch arm64 leaves the package in .build/deb/ (or where --out says)
# (the Debian 12 packages: the bench's root is Debian 12)
DEB=${BENCH_ARM64_DEB:-$ROOT/.build/deb/crate_0.1.0-1~deb12_arm64.deb}
[[ -f $DEB || -n ${BENCH_ARM64_DEB:-} ]] || DEB=$ARM64_WORK/deb/crate_0.1.0-1~deb12_arm64.deb
ARM_BUILD=${BENCH_ARM64_BUILD:-$ROOT/.build-bookworm-arm64/aarch64-unknown-linux-gnu/release}
X86_BUILD=${BENCH_X86_BUILD:-$ROOT/.build/release}
X86_DEB=${BENCH_X86_DEB:-$ROOT/.build/deb/crate_0.1.0-1~deb12_amd64.deb}
BASE=$ARM64_WORK/bookworm-arm64.tar.zst   # deploy/install-test/install-test.sh makes and caches it
R=$W/root
RUN=$W/run
[[ -f $DEB ]] || { echo "no arm64 package at $DEB (deploy/build-deb.sh --dist bookworm --arch arm64)" >&2; exit 1; }
[[ -f $BASE ]] || { echo "no Debian 12 arm64 root at $BASE (deploy/install-test/install-test.sh makes it)" >&2; exit 1; }
mkdir -p "$W" "$RUN" "$OUT"
# Copies of the packages, so that a rebuild while this runs cannot change what is measured.
snapshot() { cp "$1" "$W/${1##*/}.tmp" && mv "$W/${1##*/}.tmp" "$W/${1##*/}" && dpkg-deb -I "$W/${1##*/}" >/dev/null; }
snapshot "$DEB" && DEB=$W/${DEB##*/}
if [[ -f $X86_DEB ]]; then snapshot "$X86_DEB" && X86_DEB=$W/${X86_DEB##*/}; else X86_DEB=; fi

# qemu-user (dynamic: the static one cannot load plugins), a compiler for the plugin, the
# albums' encoders (the players are driven over their sockets from Python: no mpc).
need_packages qemu-user gcc libc6-dev sox flac lame zstd
need_binfmt   # apt's maintainer scripts in the root run through the static qemu
qemu-aarch64 -h | grep -q -- '-plugin' || { echo "this qemu-aarch64 has no -plugin" >&2; exit 1; }

bench_traps "$RUN" 'qemu-aarch64|measure_arm64'
trap 'cleanup; chroot_umount "$R"' EXIT

# --- 1. sizes: copies of every binary, stripped ones from the packages ------------------
log "binary sizes"
S=$W/sizes
rm -rf "$S"; mkdir -p "$S/arm64-deb" "$S/arm64" "$S/x86_64"
dpkg-deb -x "$DEB" "$S/arm64-deb"
for b in crate; do   # crated, crate-admin and crate-web are links to it
    [[ -f $ARM_BUILD/$b ]] && cp "$ARM_BUILD/$b" "$S/arm64/$b"
    [[ -f $X86_BUILD/$b ]] && cp "$X86_BUILD/$b" "$S/x86_64/$b"
done
if [[ -n $X86_DEB ]]; then mkdir -p "$S/x86_64-deb"; dpkg-deb -x "$X86_DEB" "$S/x86_64-deb"; fi

# --- 2. the arm64 root: the cached minbase, crate's .deb and mpd installed by apt -------
# Rebuilt when the package or the base changes; kept otherwise (apt under emulation takes
# minutes).
key=$(cat "$DEB" "$BASE" | sha256sum | cut -c1-16)
if [[ $(cat "$W/root.key" 2>/dev/null) != "$key" ]]; then
    log "arm64 root: extracting $BASE, installing $(basename "$DEB") and mpd with apt"
    safe_rm "$R"; rm -f "$W/root.key"; mkdir -p "$R"
    zstd -dcq "$BASE" | tar -C "$R" --numeric-owner -xf -
    chroot_mount "$R"
    printf '#!/bin/sh\nexit 101\n' >"$R/usr/sbin/policy-rc.d"; chmod 755 "$R/usr/sbin/policy-rc.d"
    cp -L /etc/resolv.conf "$R/etc/resolv.conf"
    cp "$DEB" "$R/tmp/"
    chroot "$R" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends /tmp/${DEB##*/} mpd" >"$W/apt.log" 2>&1 ||
        { tail -20 "$W/apt.log"; exit 1; }
    echo "$key" >"$W/root.key"
else
    chroot_mount "$R"
fi

# The dynamic qemu and the plugin inside the root, run through its own x86_64 loader and
# libraries, so the players see the root as / (paths, sockets) and nothing else.
log "qemu-aarch64 $(qemu-aarch64 --version | head -1 | awk '{print $3}') with the counting plugin"
Q=$R/opt/qemu-x86_64
rm -rf "$Q"; mkdir -p "$Q/lib"
cp /usr/bin/qemu-aarch64 "$Q/"
ldd /usr/bin/qemu-aarch64 | awk '/=> \//{print $3} /^\t\/.*ld-linux/{print $1}' | xargs -r cp -L -t "$Q/lib/"
gcc -O2 -Wall -Wextra -Werror -shared -fPIC -o "$Q/insncount.so" "$BENCH/arm64/insncount.c"
# The decode floor (bench/arm64/decode_floor.c), cross-compiled against the Debian 12 arm64
# sysroot deploy/arm64/prepare.sh made: the root runs it with the same libFLAC and libmpg123
# as the players.
cross_target bookworm-arm64
[[ -f $CROSS_SYSROOT/usr/include/FLAC/stream_decoder.h ]] ||
    { echo "no Debian 12 arm64 sysroot with libFLAC's headers at $CROSS_SYSROOT (deploy/arm64/prepare.sh bookworm-arm64)" >&2; exit 1; }
clang=/opt/swift/usr/bin/clang; [[ -x $clang ]] || clang=clang
"$clang" --target=aarch64-linux-gnu --sysroot="$CROSS_SYSROOT" -fuse-ld=lld -O2 -Wall -Wextra -Werror \
    -o "$R/opt/decode-floor" "$BENCH/arm64/decode_floor.c" -lFLAC -lmpg123

# --- the albums, made once (bench/arm64/albums.sh: 3 tracks x 40 s) ----------------------
MUSIC=$R/srv/music
TRACK_S=40
bash "$BENCH/arm64/albums.sh" "$MUSIC" "$TRACK_S"

# --- measure ------------------------------------------------------------------------------
measure python3 -B "$BENCH/arm64/measure_arm64.py" --root "$R" --run "$RUN" --sizes "$S" \
    --deb "$DEB" ${X86_DEB:+--x86-deb "$X86_DEB"} --window "${BENCH_WINDOW:-60}" --reps "${BENCH_REPS:-2}" --track-seconds "$TRACK_S" \
    --out "$OUT/arm64-results.json"
