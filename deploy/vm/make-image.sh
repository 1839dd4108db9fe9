#!/usr/bin/env bash
# Makes a bootable raw ext4 disk image for one test scenario from the cached base
# (build-base.sh, run here if needed). Takes seconds once the base is cached.
# Usage: make-image.sh OUT.img [--deb FILE.deb]... [--overlay DIR]... [--run SCRIPT]...
#                              [--size SIZE]
#   --deb      installed with dpkg -i in a chroot (missing dependencies: apt-get -f)
#   --overlay  DIR's tree copied onto / after the debs, so the scenario's files win
#              (config, units, music); files become root-owned, existing dirs keep
#              their owner and mode; symlinks stay symlinks (use them to enable units)
#   --run      SCRIPT executed inside the image (chroot, as root) last: users, groups
#   --size     of the image file (sparse), default 1536M
# Env: CRATE_VM_ARCH, CRATE_VM_DIR.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
usage() { sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 && $1 != -* ]] || usage
out=$1; shift
debs=() overlays=() runs=() size=1536M
while (($#)); do
  case $1 in
    --deb) debs+=("$(realpath "$2")"); shift 2 ;;
    --overlay) overlays+=("$(realpath "$2")"); shift 2 ;;
    --run) runs+=("$(realpath "$2")"); shift 2 ;;
    --size) size=$2; shift 2 ;;
    *) usage ;;
  esac
done
for f in "${debs[@]}" "${runs[@]}"; do [[ -f $f ]] || die "no such file: $f"; done
for d in "${overlays[@]}"; do [[ -d $d ]] || die "no such directory: $d"; done

"$VM_HERE/build-base.sh"          # returns at once when the base is up to date
need_pkgs e2fsprogs zstd
need_binfmt                       # dpkg and the --run scripts of a foreign guest
t0=$SECONDS
T=$(mktemp -d "$VM_WORK/image.XXXXXX")
R=$T/root
# A failed --run script leaves the chroot's mounts: undo them before the tree goes.
trap 'chroot_umount "$R"; safe_rm "$T"' EXIT
mkdir "$R"
zstd -dcq "$VM_WORK/base.tar.zst" | tar -C "$R" --numeric-owner --xattrs -xf -

if ((${#debs[@]} + ${#runs[@]})); then
  chroot_mount "$R"
  # No service may start inside the chroot; systemctl must act on files only.
  printf '#!/bin/sh\nexit 101\n' >"$R/usr/sbin/policy-rc.d"
  chmod 755 "$R/usr/sbin/policy-rc.d"
  export SYSTEMD_OFFLINE=1 DEBIAN_FRONTEND=noninteractive
fi
if ((${#debs[@]})); then
  mkdir -p "$R/tmp/debs"
  cp "${debs[@]}" "$R/tmp/debs/"
  if ! chroot "$R" sh -c 'dpkg -i /tmp/debs/*.deb'; then
    # Dependencies not in the base: fetch them from the mirror (needs the network).
    log "dpkg -i failed; trying apt-get -f install for missing dependencies"
    cp -L /etc/resolv.conf "$R/etc/resolv.conf"
    chroot "$R" apt-get update -qq
    chroot "$R" apt-get -f install -y -qq --no-install-recommends
    chroot "$R" sh -c 'apt-get clean; rm -rf /var/lib/apt/lists/*'
  fi
  rm -rf "$R/tmp/debs"
fi
for d in "${overlays[@]}"; do
  overlay_tree "$d" "$R"
  # The scenario's units carry x86 time limits: scale them for a slower guest.
  if [[ -d $d/etc/systemd/system ]]; then
    find "$d/etc/systemd/system" -maxdepth 1 -type f -name '*.service' -printf '%f\n' |
      while read -r unit; do scale_timeouts "$R/etc/systemd/system/$unit"; done
  fi
done
for s in "${runs[@]}"; do
  install -m 755 "$s" "$R/tmp/run.sh"
  chroot "$R" /tmp/run.sh
  rm -f "$R/tmp/run.sh"
done
rm -f "$R/usr/sbin/policy-rc.d"
chroot_umount "$R"

# mkfs.ext4 -d fills the file system straight from the tree: no loop mount, no root
# privileges beyond reading the tree.
rm -f "$out.tmp"
truncate -s "$size" "$out.tmp"
mkfs.ext4 -q -F -L crate-root -d "$R" "$out.tmp"
mv "$out.tmp" "$out"
log "$out ready in $((SECONDS - t0)) s"
