#!/usr/bin/env bash
# Copies the guest's /var/lib/crate-vm/results/ out of a powered-off image into DIR,
# with debugfs: no mount, no root-only loop device, the image is never written.
# Usage: results.sh IMAGE DIR [GUEST_PATH]   (GUEST_PATH default /var/lib/crate-vm/results)
# Exit 1 if the path is not in the image.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
[[ $# -ge 2 ]] || { sed -n '4,6p' "$0" | sed 's/^# //' >&2; exit 2; }
img=$1 dir=$2 src=${3:-/var/lib/crate-vm/results}
need_pkgs e2fsprogs
T=$(mktemp -d "$VM_WORK/results.XXXXXX")
trap 'rm -rf "$T"' EXIT
# debugfs ignores the journal. After a clean power-off it is empty; after a timeout
# kill it may hold the last writes: replay it on a sparse copy, never on the image.
if dumpe2fs -h "$img" 2>/dev/null | grep -q '^Filesystem features:.*needs_recovery'; then
  log "file system was not unmounted cleanly: replaying its journal on a copy"
  cp --sparse=always "$img" "$T/img"
  e2fsck -fy "$T/img" >/dev/null 2>&1 || true   # exit 1/2 = "fixed", fine here
  img=$T/img
fi
debugfs -R "stat $src" "$img" 2>&1 | grep -q '^Inode:' || die "$src not found in $img"
mkdir -p "$T/out" "$dir"
debugfs -R "rdump $src $T/out" "$img" >/dev/null 2>&1
cp -a "$T/out/${src##*/}/." "$dir/"
log "$(find "$dir" -type f | wc -l) files in $dir"
