#!/bin/bash
# crate-grow-data.service, before /data is mounted: the data partition (the card's last)
# grown to the end of the card, then a reboot. The image holds a small one; the first
# boot on a bigger card grows it, later boots find nothing to do. Not grown in place:
# while the kernel and udev take in the new partition table, systemd sees the card's
# partitions go and come back and stops what it had mounted from them; after the
# reboot the kernel reads the new table, and the file system follows when it is
# mounted (x-systemd.growfs in /etc/fstab).
set -euo pipefail
part=$(readlink -f /dev/disk/by-label/crate-data)
name=${part##*/}
disk=/dev/$(basename "$(readlink -f "/sys/class/block/$name/..")")
number=$(cat "/sys/class/block/$name/partition")
start=$(cat "/sys/class/block/$name/start") size=$(cat "/sys/class/block/$name/size")
total=$(cat "/sys/class/block/${disk##*/}/size")
# Less than 1 MiB (2048 sectors) left behind it: nothing worth growing.
if ((start + size + 2048 > total)); then exit 0; fi
echo "crate-grow-data: $part: $((size / 2048)) MiB, growing to the end of $disk ($((total / 2048)) MiB), then rebooting"
# The root on the same card is mounted: the table is written, not re-read.
echo ", +" | sfdisk --no-reread --no-tell-kernel -q -N "$number" "$disk"
sync
systemctl --no-block reboot
