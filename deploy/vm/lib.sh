# Sourced by the deploy/vm scripts: the work dir and host-package helper they share.
# The work dir holds everything big (kernel, base rootfs, images): never the repo.
VM_WORK=${CRATE_VM_DIR:-/var/tmp/crate-vm}
VM_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$VM_WORK"

log() { printf '%s %s\n' "[$(date +%T)] ${0##*/}:" "$*" >&2; }
die() { log "error: $*"; exit 1; }

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
# VM tests), else one built now into DIR/debs. Prints its path.
package_to_test() {
  local deb=$1 dir=$2
  if [[ -z $deb ]]; then
    log "building the package"
    deb=$(bash deploy/build-deb.sh --out "$dir/debs" | tail -1)
  fi
  [[ -f $deb ]] || die "no such package: $deb"
  echo "$deb"
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
