#!/usr/bin/env bash
# The XCTest suite built for arm64 with Debian's Swift, and the part of it that runs
# under qemu-user (docs/testing.md, `make arm64-unit-test`):
#   1. the test bundle is cross-built (debug, the Swift runtime linked dynamically);
#   2. it runs in a root made of the Debian 12 arm64 sysroot with sid's arm64 glibc and
#      Swift runtime unpacked over it (Debian's Swift libraries need glibc 2.38 or later,
#      which no Debian 12 box has: only the release binaries, with the runtime linked
#      in statically, run on Debian 12 itself);
#   3. the suites that need no encoder, no reference decoder and no daemon binary run
#      (less the classes in $skipped below, each with its reason).
# Usage: unit-test.sh [SUITE...]   (default: the suites listed below)
# Prints XCTest's own summary per suite, then "arm64 XCTest: N passed, M failed, K skipped".
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/arm64/lib.sh
# Debian 12's sysroot: the suite is built against the libraries of the release it was
# first run for (the run root below is that sysroot with sid's runtime over it).
export CRATE_CROSS_TARGET=bookworm-arm64
cross_target "$CRATE_CROSS_TARGET"
suites=("$@")
((${#suites[@]})) || suites=(CrateConfigTests CrateControlsTests CrateDisplayTests)
# Classes left out, each for a reason of the run root's, not of arm64: they make their
# files with lame/flac/ffmpeg or need the Terminus console fonts, which the root does
# not have, or time a display service in wall-clock seconds, which emulation stretches.
skipped=(CrateDisplayTests.ArtworkTests CrateDisplayTests.ScreenArtworkTests
  CrateDisplayTests.ScreenLayoutTests CrateDisplayTests.DisplayServiceTests)
t0=$SECONDS
bash deploy/arm64/prepare.sh "$CRATE_CROSS_TARGET"
need_binfmt

log "building the test bundle for arm64"
# Linked against Debian 12's libraries, but run against sid's: its Swift libraries
# name glibc 2.38 symbols (fmod) that only the run root has.
bash deploy/arm64/swift.sh build --build-tests -Xlinker --allow-shlib-undefined >"$ARM64_WORK/unit-build.log" 2>&1 ||
  { tail -30 "$ARM64_WORK/unit-build.log" >&2; die "the arm64 test build failed (log: $ARM64_WORK/unit-build.log)"; }
log "built in $((SECONDS - t0)) s"

# The run root: sid's arm64 runtime closure, fetched by the toolchain root's apt (it
# knows arm64) and unpacked over a copy of the sysroot.
U=$ARM64_WORK/unit-root
T=$ARM64_TOOLCHAIN
safe_rm "$U"
cp -a "$CROSS_SYSROOT" "$U"
trap 'chroot_umount "$U"' EXIT
(toolchain_lock
 chroot_mount "$T"
 trap 'chroot_umount "$T"' EXIT
 chroot "$T" sh -c 'apt-get update -qq && rm -f /var/cache/apt/archives/*.deb &&
   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -d --no-install-recommends libswiftlang:arm64 >/dev/null')
# sid has merged /lib into /usr/lib and Debian 12's packages have not: merge the copy
# first, so that sid's glibc replaces Debian 12's instead of landing beside it.
for d in lib bin sbin; do
  [[ -d $U/$d && ! -L $U/$d ]] || continue
  mkdir -p "$U/usr/$d"; cp -a "$U/$d/." "$U/usr/$d/"; rm -rf "${U:?}/$d"; ln -s "usr/$d" "$U/$d"
done
for deb in "$T"/var/cache/apt/archives/*_arm64.deb; do dpkg-deb -x "$deb" "$U"; done
rm -rf "$T"/var/cache/apt/archives/*.deb "$T"/var/lib/apt/lists/*
mkdir -p "$U/proc" "$U/sys" "$U/dev" "$U/tmp" "$U/src"
chroot_mount "$U"
mount --bind "$ARM64_REPO" "$U/src"
trap 'umount -l "$U/src" 2>/dev/null; chroot_umount "$U"' EXIT

bundle=/src/$CROSS_SCRATCH/aarch64-unknown-linux-gnu/debug/CratePackageTests.xctest
# The root has no shell or env of its own: the environment is set out here. The
# bundle's run path names the SDK's folder, so the loader is told where the runtime is.
run_bundle() {
  env -i HOME=/tmp PATH=/usr/bin:/bin TMPDIR=/tmp LD_LIBRARY_PATH=/usr/lib/swift/linux \
    /usr/sbin/chroot "$U" "$bundle" "$@"
}
passed=0 failed=0 skipped_here=0
for suite in "${suites[@]}"; do
  log "running $suite under qemu-user"
  out=$ARM64_WORK/unit-$suite.log
  # XCTest on Linux selects by "Module.Class": every class of the suite's module.
  classes=$(run_bundle --list-tests | sed -n "s|^\($suite\.[A-Za-z0-9_]*\)/.*|\1|p" | sort -u |
    { grep -vxF -f <(printf '%s\n' "${skipped[@]}") || true; } | paste -sd,)
  [[ -n $classes ]] || { echo "$suite: no tests found"; failed=$((failed + 1)); continue; }
  run_bundle "$classes" >"$out" 2>&1 || true
  # The last "Executed" line is the whole selection's: "Executed N tests, with K tests
  # skipped and M failures" (the skipped part only when some skipped themselves).
  summary=$(grep -E "^\s*Executed [0-9]+ tests?," "$out" | tail -1 || true)   # none: a crash, counted below
  echo "$suite: ${summary:-no summary (see $out)}"
  grep -E "error: .* failed" "$out" | head -5 || true
  ran=$(sed -nE 's/.*Executed ([0-9]+) tests?,.*/\1/p' <<<"$summary")
  bad=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$summary")
  skip=$(sed -nE 's/.* ([0-9]+) tests? skipped.*/\1/p' <<<"$summary")
  if [[ -z $ran || -z $bad ]]; then failed=$((failed + 1)); continue; fi
  passed=$((passed + ran - bad - ${skip:-0})) failed=$((failed + bad)) skipped_here=$((skipped_here + ${skip:-0}))
done
log "finished in $((SECONDS - t0)) s; logs in $ARM64_WORK/unit-*.log"
echo "arm64 XCTest: $passed passed, $failed failed, $skipped_here skipped"
((failed == 0))
