#!/usr/bin/env bash
# Boots a disk image from make-image.sh until the guest powers itself off.
# Usage: boot.sh IMAGE [--timeout SECONDS] [--log FILE] [--append "KERNEL ARGS"]
#                      [--cut-on REGEX --cut-delay SECONDS] [--forward HOSTPORT:GUESTPORT]
#   --timeout  qemu is killed after this long (default 120; x86 seconds, multiplied by
#              the architecture's slowness, CRATE_VM_SLOW): exit 124, log tail on stderr
#   --log      serial console to FILE (default: a temporary file, echoed live to stdout)
#   --append   extra kernel command line, e.g. systemd.unit=... or systemd.log_level=debug
#   --cut-on   a power cut: once a serial line matches REGEX (grep -E), wait --cut-delay
#              seconds (default 0, fractions allowed), then SIGKILL qemu: exit 10
#   --forward  a virtio NIC on qemu's user-mode network (the guest is 10.0.2.15, the host
#              is 10.0.2.2 to it), with host 127.0.0.1:HOSTPORT forwarded to the guest's
#              GUESTPORT; without it the guest has no NIC at all
# Exit: 0 when the guest powered off or rebooted by itself (-no-reboot: a guest reboot
# also ends qemu, so "reboot, then boot.sh again" restarts from the same disk);
# 10 after a --cut-on power cut; 1 on a kernel panic or a qemu error; 124 on timeout.
# Env: CRATE_VM_ARCH (amd64, arm64: qemu -M virt), CRATE_VM_DIR, CRATE_VM_SMP (default 2),
# CRATE_VM_MEM (MiB, default 1024), CRATE_VM_SLOW.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
usage() { sed -n '3,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 && $1 != -* ]] || usage
img=$1; shift
timeout=120 logf= append= cut_on= cut_delay=0 nic=(-nic none)
while (($#)); do
  case $1 in
    --timeout) timeout=$2; shift 2 ;;
    --cut-on) cut_on=$2; shift 2 ;;
    --cut-delay) cut_delay=$2; shift 2 ;;
    --log) logf=$2; shift 2 ;;
    --append) append=$2; shift 2 ;;
    --forward) [[ $2 =~ ^[0-9]+:[0-9]+$ ]] || usage
               nic=(-nic "user,model=virtio-net-pci,hostfwd=tcp:127.0.0.1:${2%:*}-:${2#*:}"); shift 2 ;;
    *) usage ;;
  esac
done
[[ -f $img ]] || die "no such image: $img"
[[ -f $VM_WORK/$VM_KERNEL && -f $VM_WORK/initrd.img ]] || die "no kernel in $VM_WORK: run build-base.sh"
need_pkgs "$VM_QEMU_PKG"
timeout=$((timeout * VM_SLOW))

live=0
if [[ -z $logf ]]; then
  logf=$(mktemp "$VM_WORK/serial.XXXXXX"); live=1
fi
: >"$logf"
# KVM is unusable on these hosts (nested, the guest kernel hangs): TCG only (VM_QEMU in
# lib.sh: the machine and kernel of each architecture). cache=unsafe: the
# data still reaches the image file when qemu exits, without the cost of each flush.
# A guest that hangs (seen once in ~100 boots: both vCPUs in a soft lockup) panics after
# 20 s with a backtrace on the serial log, rather than sitting out the whole timeout.
# A power cut (SIGKILL) is faithful under cache=unsafe too: what the guest had sent to
# its disk is in the image file (qemu wrote it there; only the host's page cache holds
# it, and the host does not crash), what sat in the guest's page cache is lost.
KARGS="softlockup_panic=1 softlockup_all_cpu_backtrace=1"
pidf=$(mktemp "$VM_WORK/qemu-pid.XXXXXX") cutf=$pidf.cut
trap 'rm -f "$pidf" "$cutf"; [[ $live == 1 ]] && rm -f "$logf"' EXIT
t0=$SECONDS
timeout -k 5 "$timeout" "${VM_QEMU[@]}" -pidfile "$pidf" -accel tcg -smp "${CRATE_VM_SMP:-2}" \
  -m "${CRATE_VM_MEM:-1024}" "${nic[@]}" -no-reboot -display none \
  -monitor none -serial "file:$logf" \
  -kernel "$VM_WORK/$VM_KERNEL" -initrd "$VM_WORK/initrd.img" \
  -append "console=$VM_CONSOLE root=/dev/vda rw panic=-1 quiet $KARGS $append" \
  -drive "file=$img,if=virtio,format=raw,cache=unsafe" </dev/null &
qpid=$!
((live)) && tail -n +1 -f --pid="$qpid" "$logf" &
if [[ -n $cut_on ]]; then
  # The cut: the moment the guest says its write began, plus the delay, then SIGKILL to
  # qemu itself (not to timeout, which would only pass on a TERM). No pipefail here:
  # tail dies of SIGPIPE once grep has its line, and that is the success case.
  (set +o pipefail
   if tail -n +1 -f --pid="$qpid" "$logf" | grep -qE -m1 "$cut_on"; then
     sleep "$cut_delay"
     kill -0 "$qpid" 2>/dev/null && [[ -s $pidf ]] || exit 0
     echo "$((SECONDS - t0))" >"$cutf"
     kill -KILL "$(cat "$pidf")"
   fi) &
  cutter=$!
fi
# (stderr: bash's "Killed" notice for the job after a power cut is not news)
rc=0; { wait "$qpid" || rc=$?; } 2>/dev/null
[[ -n $cut_on ]] && { kill "$cutter" 2>/dev/null || true; wait "$cutter" 2>/dev/null || true; }
((live)) && wait            # let tail print the last lines
if [[ -s $cutf ]]; then
  log "power cut: qemu killed $(cat "$cutf") s after start, ${cut_delay} s after /$cut_on/"
  exit 10
fi
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
