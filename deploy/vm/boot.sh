#!/usr/bin/env bash
# Boots a disk image from make-image.sh until the guest powers itself off.
# Usage: boot.sh IMAGE [--timeout SECONDS] [--log FILE] [--append "KERNEL ARGS"]
#   --timeout  qemu is killed after this long (default 120): exit 124, log tail on stderr
#   --log      serial console to FILE (default: a temporary file, echoed live to stdout)
#   --append   extra kernel command line, e.g. systemd.unit=... or systemd.log_level=debug
# Exit: 0 when the guest powered off or rebooted by itself (-no-reboot: a guest reboot
# also ends qemu, so "reboot, then boot.sh again" restarts from the same disk);
# 1 on a kernel panic or a qemu error; 124 on timeout.
# Env: CRATE_VM_DIR, CRATE_VM_SMP (default 2), CRATE_VM_MEM (MiB, default 1024).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
usage() { sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 && $1 != -* ]] || usage
img=$1; shift
timeout=120 logf= append=
while (($#)); do
  case $1 in
    --timeout) timeout=$2; shift 2 ;;
    --log) logf=$2; shift 2 ;;
    --append) append=$2; shift 2 ;;
    *) usage ;;
  esac
done
[[ -f $img ]] || die "no such image: $img"
[[ -f $VM_WORK/vmlinux && -f $VM_WORK/initrd.img ]] || die "no kernel in $VM_WORK: run build-base.sh"
need_pkgs qemu-system-x86

live=0
if [[ -z $logf ]]; then
  logf=$(mktemp "$VM_WORK/serial.XXXXXX"); live=1
  trap 'rm -f "$logf"' EXIT
fi
: >"$logf"
# KVM is unusable on these hosts (nested, the guest kernel hangs): TCG only. PVH entry
# of the uncompressed vmlinux skips the slow emulated decompression. cache=unsafe: the
# data still reaches the image file when qemu exits, without the cost of each flush.
# A guest that hangs (seen once in ~100 boots: both vCPUs in a soft lockup) panics after
# 20 s with a backtrace on the serial log, rather than sitting out the whole timeout.
KARGS="softlockup_panic=1 softlockup_all_cpu_backtrace=1"
t0=$SECONDS
timeout -k 5 "$timeout" qemu-system-x86_64 -accel tcg -smp "${CRATE_VM_SMP:-2}" \
  -m "${CRATE_VM_MEM:-1024}" -nic none -no-reboot -display none -vga none \
  -monitor none -serial "file:$logf" \
  -kernel "$VM_WORK/vmlinux" -initrd "$VM_WORK/initrd.img" \
  -append "console=ttyS0 root=/dev/vda rw panic=-1 quiet $KARGS $append" \
  -drive "file=$img,if=virtio,format=raw,cache=unsafe" </dev/null &
qpid=$!
((live)) && tail -n +1 -f --pid="$qpid" "$logf" &
rc=0; wait "$qpid" || rc=$?
((live)) && wait            # let tail print the last lines
if ((rc == 124 || rc == 137)); then
  log "timeout after ${timeout} s; last serial lines:"
  tail -n 40 "$logf" >&2
  exit 124
elif ((rc != 0)); then
  log "qemu failed (exit $rc)"; tail -n 20 "$logf" >&2; exit 1
elif grep -q 'Kernel panic' "$logf"; then   # panic=-1 reboots, which ends qemu with 0
  log "guest kernel panic:"; grep -A5 'Kernel panic' "$logf" >&2; exit 1
fi
how=stopped
grep -q 'reboot: Power down' "$logf" && how="powered off"
grep -q 'reboot: Restarting system' "$logf" && how=rebooted
log "guest $how after $((SECONDS - t0)) s"
