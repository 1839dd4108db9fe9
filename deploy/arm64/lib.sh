# Sourced by the deploy/arm64 scripts: the cache they share and where things are in it.
# The cache holds everything big (the toolchain root, the sysroot): never the repo.
# log, die, need_pkgs, the chroot helpers and need_binfmt, as for an arm64 guest.
CRATE_VM_ARCH=arm64 source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../vm/lib.sh"
ARM64_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ARM64_REPO=$(cd "$ARM64_HERE/../.." && pwd)
ARM64_WORK=${CRATE_ARM64_DIR:-/var/tmp/crate-arm64}
ARM64_MIRROR=${CRATE_ARM64_MIRROR:-http://deb.debian.org/debian}
ARM64_OPT=/opt/crate-arm64              # the sysroot and SDK, as paths inside the toolchain root
ARM64_SDK=debian12-arm64                # the Swift SDK's name
ARM64_TOOLCHAIN=$ARM64_WORK/toolchain
ARM64_SYSROOT=$ARM64_TOOLCHAIN$ARM64_OPT/sysroot
mkdir -p "$ARM64_WORK"


# One user of the toolchain root at a time: a build mounts /proc, /sys, /dev and the
# checkout into it, and unmounting them under another user would break it. Held until
# the calling script exits; scripts that run others take it only around their own use.
toolchain_lock() { exec 8>"$ARM64_WORK/.toolchain.lock"; flock 8; }
