# Sourced by the deploy/arm64 scripts: the cache they share and where things are in it.
# The cache holds everything big (the toolchain root, the sysroots): never the repo.
# log, die, need_pkgs, the chroot helpers and need_binfmt, as for an arm64 guest.
CRATE_VM_ARCH=arm64 source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../vm/lib.sh"
ARM64_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ARM64_REPO=$(cd "$ARM64_HERE/../.." && pwd)
source "$ARM64_REPO/deploy/dists.sh"
ARM64_WORK=${CRATE_ARM64_DIR:-/var/tmp/crate-arm64}
ARM64_MIRROR=${CRATE_ARM64_MIRROR:-http://deb.debian.org/debian}
ARM64_TOOLCHAIN=$ARM64_WORK/toolchain
CROSS_OPT=/opt/crate-cross   # the sysroots and SDKs, as paths inside the toolchain root
# What the toolchain root (Debian's Swift, amd64) builds for: DIST-ARCH. Debian 12 amd64
# is not here: the build machine is one, and builds it with its own Swift.
CROSS_TARGETS=(trixie-arm64 trixie-amd64 bookworm-arm64)
mkdir -p "$ARM64_WORK"

# cross_target DIST-ARCH: sets where that target's things are: CROSS_SYSROOT (on this
# machine) and CROSS_SYSROOT_IN (inside the toolchain root), CROSS_SDK (the Swift SDK's
# name), CROSS_TRIPLE, CROSS_MULTIARCH, CROSS_SCRATCH (the build folder in the checkout),
# CROSS_DIST and CROSS_ARCH, and the release's DIST_* facts (dists.sh).
cross_target() {
  [[ " ${CROSS_TARGETS[*]} " == *" $1 "* ]] || die "no cross target $1 (one of: ${CROSS_TARGETS[*]})"
  CROSS_DIST=${1%-*} CROSS_ARCH=${1##*-}
  dist_facts "$CROSS_DIST"
  case $CROSS_ARCH in
    arm64) CROSS_TRIPLE=aarch64-unknown-linux-gnu CROSS_MULTIARCH=aarch64-linux-gnu ;;
    # (Debian's Swift names its x86_64 modules for the -pc- vendor, and finds them only so.)
    amd64) CROSS_TRIPLE=x86_64-pc-linux-gnu CROSS_MULTIARCH=x86_64-linux-gnu ;;
  esac
  CROSS_SYSROOT_IN=$CROSS_OPT/$1/sysroot
  CROSS_SYSROOT=$ARM64_TOOLCHAIN$CROSS_SYSROOT_IN
  CROSS_SDK=debian$DIST_NUMBER-$CROSS_ARCH
  CROSS_SCRATCH=.build-$1
}

# One user of the toolchain root at a time: a build mounts /proc, /sys, /dev and the
# checkout into it, and unmounting them under another user would break it. Held until
# the calling script exits; scripts that run others take it only around their own use.
toolchain_lock() { exec 8>"$ARM64_WORK/.toolchain.lock"; flock 8; }
