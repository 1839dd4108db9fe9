#!/usr/bin/env bash
# Installs what the tests need, builds everything, and runs every test CI runs (docs/testing.md
# says what each part covers and what runs only from make):
#   1. the XCTest suite (while it runs, the cross toolchain and the sysroots of Debian 13
#      amd64 and arm64 and Debian 12 arm64 are prepared alongside: downloads and
#      unpacking, deploy/arm64/prepare.sh), then the web page in chromium
#      (Tests/Web/browser_test.py);
#   2. the four packages: Debian 12 amd64 with this machine's Swift, Debian 13 amd64 and
#      arm64 and Debian 12 arm64 cross-built (deploy/build-deb.sh --dist --arch);
#   3. each package installed with apt in a root of its release and architecture (arm64
#      under qemu-user), checked (deploy/check-packaging.sh: systemd, udev, lintian) and
#      played there, sample-exact (deploy/install-test/install-test.sh);
#   4. the boot test with simulated hardware (deploy/vm/boot-test.sh: a Debian 13 VM in
#      qemu, the Debian 13 amd64 package, its knob read through libgpiod v2 from
#      gpio-sim), then the power-cut test in the same VM (deploy/vm/power-cut-test.sh,
#      $CRATE_POWERCUT_CYCLES cuts, 12 here; `make vm-powercut` runs all 30);
#   5. the boot test's first boot with the Debian 13 arm64 package in qemu -M virt
#      (--quick; `make vm-test-arm64` runs it whole).
# Debian 12 is proven by step 3 here; its VMs run from make (CRATE_VM_DIST=bookworm).
# CRATE_SKIP_VM=1 stops after the XCTest suite (a machine without qemu's needs, or a
# quick local run).
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/install-deps.sh

# docs/configuration.md is made from deploy/crate.toml (as crate.toml(5) is): a change of
# the one not carried to the other fails here, before anything is built.
if ! python3 deploy/man/make-manpages.py --markdown deploy/crate.toml | cmp -s - docs/configuration.md; then
  echo "FAIL docs/configuration.md is not made from the current deploy/crate.toml:"
  echo "     python3 deploy/man/make-manpages.py --markdown deploy/crate.toml > docs/configuration.md"
  exit 1
fi

vm=1
[ "${CRATE_SKIP_VM:-0}" = 1 ] && vm=0
prepare=
if ((vm)); then
  # Mostly the network and the disk; the suite is mostly real-time playback. At idle
  # CPU and I/O priority, so that it takes only what the tests leave: crated's own scans
  # and downloads run at idle priority too, and tests wait on them.
  mkdir -p .build
  chrt --idle 0 ionice -c 3 bash deploy/arm64/prepare.sh >.build/arm64-prepare.log 2>&1 &
  prepare=$!
  trap '[ -n "$prepare" ] && wait "$prepare" 2>/dev/null' EXIT   # never leave it half-done
fi

# The daemon tests start the real crated and crate-admin, so build all products first;
# the three programs are links to the one executable, as the package installs them.
swift build --build-tests
bash deploy/program-links.sh "$(swift build --show-bin-path)"
# XCTest only: the suite has no Swift Testing tests, and its empty run would print last.
swift test --skip-build --disable-swift-testing
# The web page in a real browser (chromium) against a real crated: about a minute.
# Screenshots at phone and laptop sizes stay in .build/web-screenshots.
/usr/bin/python3 Tests/Web/browser_test.py --bindir "$(swift build --show-bin-path)" --artefacts .build/web-screenshots

if ((!vm)); then
  echo "CRATE_SKIP_VM=1: the packages, their install test, the boot test and the power-cut test skipped"
  exit 0
fi
verdict=0
# The four packages. Debian 12 amd64 is this machine's own (its Swift, its libraries); the
# others are cross-built with Debian's Swift against their release's sysroot, prepared
# alongside the XCTest suite. The Debian 13 ones are what the VM tests boot.
debs=("$(bash deploy/build-deb.sh --dist bookworm | tail -1)") vm_deb= arm64_deb=
if wait "$prepare"; then
  prepare=
  for target in trixie:amd64 trixie:arm64 bookworm:arm64; do
    built=$(bash deploy/build-deb.sh --dist "${target%:*}" --arch "${target#*:}" | tail -1) || { verdict=1; continue; }
    debs+=("$built")
    [ "$target" = trixie:amd64 ] && vm_deb=$built
    [ "$target" = trixie:arm64 ] && arm64_deb=$built
  done
else
  prepare=
  echo "FAIL preparing the cross toolchain (.build/arm64-prepare.log):"; tail -20 .build/arm64-prepare.log
  verdict=1
fi
# Each in a fresh root of its release, installed with apt and played.
bash deploy/install-test/install-test.sh "${debs[@]}" || verdict=1
# Each VM test runs even when one before it failed, so one run shows every verdict.
if [ -n "$vm_deb" ]; then
  bash deploy/vm/boot-test.sh --deb "$vm_deb" || verdict=1
  bash deploy/vm/power-cut-test.sh --deb "$vm_deb" --cycles "${CRATE_POWERCUT_CYCLES:-12}" || verdict=1
else
  echo "FAIL no Debian 13 amd64 package: the boot test and the power-cut test did not run"; verdict=1
fi
# The arm64 package in qemu -M virt: boot 1 of the boot test (knob → capture → panel);
# `make vm-test-arm64` runs the whole scenario (reboot, upgrade, removal).
if [ -n "$arm64_deb" ]; then
  bash deploy/vm/boot-test.sh --arch arm64 --deb "$arm64_deb" --quick || verdict=1
fi
exit $verdict
