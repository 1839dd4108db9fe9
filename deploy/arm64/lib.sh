# Sourced by the deploy/arm64 scripts: the cache they share and where things are in it.
# The cache holds everything big (the toolchain root, the sysroot): never the repo.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../vm/lib.sh"   # log, die, need_pkgs, chroot helpers
ARM64_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ARM64_REPO=$(cd "$ARM64_HERE/../.." && pwd)
ARM64_WORK=${CRATE_ARM64_DIR:-/var/tmp/crate-arm64}
ARM64_MIRROR=${CRATE_ARM64_MIRROR:-http://deb.debian.org/debian}
ARM64_OPT=/opt/crate-arm64              # the sysroot and SDK, as paths inside the toolchain root
ARM64_SDK=debian12-arm64                # the Swift SDK's name
ARM64_TOOLCHAIN=$ARM64_WORK/toolchain
ARM64_SYSROOT=$ARM64_TOOLCHAIN$ARM64_OPT/sysroot
mkdir -p "$ARM64_WORK"

# Lets this machine run arm64 programs (a chroot's included) through qemu-user: the
# kernel's binfmt_misc hands every aarch64 ELF to the static qemu (flag F: opened now,
# so it works inside any root). Idempotent; the registration lasts until reboot.
binfmt_aarch64() {
  local dir=/proc/sys/fs/binfmt_misc
  need_pkgs qemu-user-static
  mountpoint -q "$dir" || mount -t binfmt_misc binfmt_misc "$dir"
  [[ -e $dir/qemu-aarch64 ]] && return 0
  printf '%s' ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64-static:POF' \
    >"$dir/register" 2>/dev/null || [[ -e $dir/qemu-aarch64 ]] || die "cannot register qemu-aarch64 with binfmt_misc"
}
