# Sourced by the deploy/vm scripts: the work dir and host-package helper they share.
# The work dir holds everything big (kernel, base rootfs, images): never the repo.
# CRATE_VM_ARCH picks the guest: amd64 (default) or arm64 (qemu -M virt, emulated).
# CRATE_VM_DIST picks its Debian release: trixie (Debian 13, default) or bookworm (12).
# Each architecture and release has its own work dir, so kernels, bases and images never mix.
log() { printf '%s %s\n' "[$(date +%T)] ${0##*/}:" "$*" >&2; }
die() { log "error: $*"; exit 1; }

VM_ARCH=${CRATE_VM_ARCH:-amd64}
VM_HOST_ARCH=$(dpkg --print-architecture)
# The guest's Debian release, and so the package built for it (build-deb.sh --dist) and
# its kernel's series (VM_KSERIES: Debian 12 ships 6.1, Debian 13 6.12).
VM_DIST=${CRATE_VM_DIST:-trixie}
case $VM_DIST in
  trixie) VM_KSERIES=6.12 VM_WORK_SUFFIX=-trixie ;;
  bookworm) VM_KSERIES=6.1 VM_WORK_SUFFIX= ;;
  *) die "CRATE_VM_DIST=$VM_DIST: trixie or bookworm" ;;
esac
case $VM_ARCH in
  amd64)
    VM_WORK=${CRATE_VM_DIR:-/var/tmp/crate-vm$VM_WORK_SUFFIX}
    VM_QEMU_PKG=qemu-system-x86 VM_CONSOLE=ttyS0
    # PVH entry of the uncompressed vmlinux skips the slow emulated decompression.
    VM_KERNEL=vmlinux VM_QEMU=(qemu-system-x86_64 -vga none)
    VM_SLOW_DEFAULT=1 ;;
  arm64)
    VM_WORK=${CRATE_VM_DIR:-/var/tmp/crate-vm$VM_WORK_SUFFIX-arm64}
    VM_QEMU_PKG=qemu-system-arm VM_CONSOLE=ttyAMA0
    # Debian's arm64 vmlinuz is the plain Image, which qemu loads as it is.
    VM_KERNEL=vmlinuz VM_QEMU=(qemu-system-aarch64 -M virt -cpu cortex-a72)
    VM_SLOW_DEFAULT=4 ;;
  *) die "CRATE_VM_ARCH=$VM_ARCH: amd64 or arm64" ;;
esac
# How many times slower than the x86 guest this one runs (TCG emulating a foreign CPU):
# every time limit written for x86 (boot.sh --timeout, the guest's waits and its units'
# TimeoutStartSec) is multiplied by it. Limits only: the tests wait on state, not time.
VM_SLOW=${CRATE_VM_SLOW:-$VM_SLOW_DEFAULT}
[[ $VM_SLOW =~ ^[1-9][0-9]*$ ]] || die "CRATE_VM_SLOW=$VM_SLOW: a whole number >= 1"
VM_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The build machine's own release: its apt sees that release's kernels, no other.
VM_HOST_DIST=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
mkdir -p "$VM_WORK"

# Install host packages only when some are missing, so a cached rerun never waits on
# the apt lock that another process (unattended upgrades, a colleague) may hold.
need_pkgs() {
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  log "installing host packages: ${missing[*]}"
  apt_update_once
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null
}

# The package a VM test installs: DEB when given (deploy/test.sh builds one for all the
# VM tests), else one built now into DIR/debs (cross-built for a foreign guest). Prints
# its path.
package_to_test() {
  local deb=$1 dir=$2 arch=()
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] || arch=(--arch "$VM_ARCH")
  if [[ -z $deb ]]; then
    log "building the package"
    deb=$(bash deploy/build-deb.sh --dist "$VM_DIST" "${arch[@]}" --out "$dir/debs" | tail -1)
  fi
  [[ -f $deb ]] || die "no such package: $deb"
  # Each release's package names that release's libraries: another's would not install.
  local want; want=$(source "$VM_HERE/../dists.sh" && dist_facts "$VM_DIST" && echo "$DIST_VERSION_SUFFIX")
  [[ $(dpkg-deb -f "$deb" Version) == *"$want" ]] ||
    die "$deb is not a package for $VM_DIST (its version does not end in $want): CRATE_VM_DIST chooses the guest's release"
  echo "$deb"
}

# cached_root CACHE DIR MIRROR DEBOOTSTRAP_ARGS...: DIR made by `debootstrap ARGS... DIR
# MIRROR`, unpacked from CACHE.tar.zst when that was made from the same arguments
# (CACHE.key), else made now and kept there: debootstrap is the slow part of a root
# (minutes when its second stage runs emulated). Its log is CACHE.log.
cached_root() {
  local cache=$1 dir=$2 mirror=$3; shift 3
  local key; key=$(echo "$* $mirror" | sha256sum | cut -c1-16)
  mkdir -p "$dir"
  if [[ -f $cache.tar.zst && $(cat "$cache.key" 2>/dev/null) == "$key" ]]; then
    zstd -dcq "$cache.tar.zst" | tar -C "$dir" --numeric-owner -xf -
    return
  fi
  debootstrap "$@" "$dir" "$mirror" >"$cache.log" 2>&1 || { tail -20 "$cache.log" >&2; return 1; }
  rm -f "$dir"/var/cache/apt/archives/*.deb
  tar -C "$dir" --numeric-owner -cf - . | zstd -q -T0 -3 -o "$cache.tar.zst.new" -f
  mv "$cache.tar.zst.new" "$cache.tar.zst"; echo "$key" >"$cache.key"
}

VM_APT_UPDATED=0
apt_update_once() {
  ((VM_APT_UPDATED)) && return 0
  apt-get update -qq -o DPkg::Lock::Timeout=300 -o Acquire::Lock::Timeout=300 >/dev/null
  VM_APT_UPDATED=1
}

# Chroot helpers: the mounts a package's maintainer scripts expect, undone reliably.
chroot_mount() {
  local r=$1
  mount -t proc proc "$r/proc"
  mount -t sysfs sys "$r/sys"
  # rslave: nothing mounted or unmounted under the chroot's /dev reaches the host's.
  mount --rbind /dev "$r/dev"
  mount --make-rslave "$r/dev"
}
chroot_umount() { # safe to call twice and on a half-mounted tree
  local r=$1 m
  for m in dev sys proc; do
    mountpoint -q "$r/$m" 2>/dev/null && umount -R -l "$r/$m"
  done
  return 0
}

# rm -rf of a tree that still had /dev bound into it would empty the host's /dev:
# unmount first, refuse if anything is still mounted, and never cross file systems.
safe_rm() {
  local d
  for d in "$@"; do
    [[ -e $d ]] || continue
    chroot_umount "$d"
    if findmnt -rn -o TARGET | grep -q "^$(realpath "$d")/"; then die "still mounted under $d"; fi
    rm -rf --one-file-system "$d"
  done
}

# A foreign guest's binaries (debootstrap's second stage, dpkg in a chroot) run through
# qemu-user. binfmt_misc may not even be mounted on the build machines; registrations
# are global to the host kernel, so this is done once per host boot.
need_binfmt() {
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] && return 0
  need_pkgs qemu-user-static binfmt-support
  local fmt=qemu-${VM_QEMU[0]#qemu-system-}
  mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  [[ -e /proc/sys/fs/binfmt_misc/$fmt ]] || update-binfmts --enable "$fmt" \
    || update-binfmts --import "$fmt"
  grep -qx enabled "/proc/sys/fs/binfmt_misc/$fmt" || die "binfmt $fmt not registered"
}

# overlay_tree DIR ROOT: DIR's tree copied onto ROOT, files root-owned. Through tar:
# --no-overwrite-dir keeps e.g. / and /etc at 0755 even when DIR itself is a 0700
# mktemp dir; symlinks stay symlinks (they enable units).
overlay_tree() {
  tar -C "$1" --owner=root --group=root -cf - . | tar -C "$2" --no-overwrite-dir -xf -
}

# scale_timeouts FILE...: TimeoutStartSec=N in systemd units written for the x86 guest,
# multiplied by VM_SLOW (files are edited in place; unchanged on amd64).
scale_timeouts() {
  ((VM_SLOW > 1)) || return 0
  local f
  for f in "$@"; do
    awk -v k="$VM_SLOW" -F= '$1 == "TimeoutStartSec" && $2 ~ /^[0-9]+$/ {$0 = $1 "=" $2 * k} 1' \
      "$f" >"$f.tmp" && mv "$f.tmp" "$f"
  done
}
