#!/usr/bin/env bash
# Builds the Raspberry Pi card image (Pi 3, Pi 4, Pi Zero 2 W; 64-bit;
# docs/admin-guide.md, "The card image for a Raspberry Pi"): Debian 13 arm64 with Debian's own Raspberry Pi firmware
# and kernel (raspi-firmware, linux-image-arm64) and the arm64 Crate .deb, enabled.
# Usage: build.sh [--deb ARM64_DEB] [--out FILE.img] [--overlay DIR]... [--hook SCRIPT]
#   --deb      the package to install (default: built now, cross-compiled)
#   --out      the image (default /var/tmp/crate-image/crate-VERSION-arm64.img)
#   --overlay  DIR's tree copied onto the root after the image's own files (tests)
#   --hook     SCRIPT run on the host as `SCRIPT ROOT KERNEL_VERSION` once the root is
#              configured, with the chroot's /proc, /sys, /dev mounted (tests)
# Prints the image's path last. Runs on x86_64 as root; the arm64 root is made by
# debootstrap through qemu-user (cached), every file system from a folder (mkfs.vfat +
# mcopy, mkfs.ext4 -d) and the partition table by sfdisk on the file: no loop devices.
# The card: 1 FAT boot partition (firmware, kernel, crate-settings.txt), 2 the OS root
# (ext4, mounted read-only), 3 the data partition (/data: Crate's state, music, homes),
# small in the image and grown to the end of the card on first boot.
# Env: CRATE_IMAGE_DIST (the Debian release: trixie, the default, or bookworm),
# CRATE_IMAGE_DIR (work dir, default /var/tmp/crate-image-RELEASE), CRATE_IMAGE_MIRROR.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/image/lib.sh
usage() { sed -n '5,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
deb= out= overlays=() hook=
while (($#)); do
  case $1 in
    --deb) deb=$(realpath "$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    --overlay) overlays+=("$(realpath "$2")"); shift 2 ;;
    --hook) hook=$(realpath "$2"); shift 2 ;;
    *) usage ;;
  esac
done
for d in "${overlays[@]}"; do [[ -d $d ]] || die "no such directory: $d"; done
[[ $(id -u) == 0 ]] || die "run as root (debootstrap, chroot)"
mkdir -p "$W"
need_pkgs debootstrap zstd e2fsprogs dosfstools mtools fdisk
need_binfmt
deb=$(package_to_test "$deb" "$W")
[[ $(dpkg-deb -f "$deb" Architecture) == arm64 ]] || die "$deb is not an arm64 package"
version=$(dpkg-deb -f "$deb" Version)
out=${out:-$W/crate-$version-arm64.img}
t0=$SECONDS

# The OS: everything from Debian, fetched once. The kernel's own packaging does the Pi
# part: linux-image-arm64 builds the initramfs, and raspi-firmware's kernel hook copies
# kernel, initramfs and device trees to /boot/firmware and writes config.txt and
# cmdline.txt there (from /etc/default/raspi-firmware: set below, kept for updates).
# Crate's libraries are here too, so installing the .deb needs no network.
PKGS=systemd,systemd-sysv,systemd-timesyncd,udev,kmod,dbus,initramfs-tools,linux-image-arm64
PKGS+=,raspi-firmware,firmware-brcm80211,wpasupplicant,openssh-server,iproute2,fdisk,e2fsprogs
PKGS+=,dosfstools,util-linux,tzdata,ca-certificates,sudo,procps,avahi-daemon,libnss-mdns,alsa-utils,systemd-resolved,wireless-regdb,nano
PKGS+=,adduser,libsqlite3-0,libturbojpeg0,zlib1g,libvorbisfile3,libopusfile0,libfaad2,libsoxr0
case $VM_DIST in
  trixie) PKGS+=,libasound2t64,libmpg123-0t64,libgpiod3,libcurl4t64,libpng16-16t64,libflac14 ;;
  bookworm) PKGS+=,libasound2,libmpg123-0,libgpiod2,libcurl4,libpng16-16,libflac12 ;;
esac
T=$(mktemp -d "$W/build.XXXXXX")
R=$T/root BOOT=$T/boot DATA=$T/data
trap 'chroot_umount "$R"; safe_rm "$T"' EXIT
log "Debian $IMAGE_DIST_NUMBER ($VM_DIST) arm64 root (debootstrap once, then from the cache)"
cached_root "$W/debootstrap" "$R" "$MIRROR" --variant=minbase --arch=arm64 \
  --components=main,non-free-firmware --include="$PKGS" "$VM_DIST" || die "debootstrap failed (see $W/debootstrap.log)"
log "root ready ($((SECONDS - t0)) s)"

chroot_mount "$R"
printf '#!/bin/sh\nexit 101\n' >"$R/usr/sbin/policy-rc.d"   # nothing starts in the chroot
chmod 755 "$R/usr/sbin/policy-rc.d"
export SYSTEMD_OFFLINE=1 DEBIAN_FRONTEND=noninteractive
cp "$deb" "$R/tmp/"
chroot "$R" apt-get install -y -qq --no-install-recommends "/tmp/${deb##*/}" >"$T/apt.log" 2>&1 \
  || { tail -20 "$T/apt.log" >&2; die "apt could not install ${deb##*/}"; }
rm "$R/tmp/${deb##*/}"
overlay_tree deploy/image/root "$R"
for d in "${overlays[@]}"; do overlay_tree "$d" "$R"; done

# The kernel command line and config.txt, as raspi-firmware writes them on every kernel
# update: the root by label (the same on every card), read-only (the extra "ro" comes
# after the hook's own "rw", and the last one counts), the consoles Debian picks on a
# Pi 3 or 4 (HDMI, and the GPIO header's UART), named here rather than probed from the
# build machine's /dev.
cat >"$R/etc/default/raspi-firmware" <<'EOF'
# Written by the Crate card image (deploy/image/build.sh): read by raspi-firmware's kernel
# hook, which rewrites /boot/firmware/cmdline.txt and config.txt on each kernel update.
KERNEL_ARCH="arm64"
ROOTPART="LABEL=crate-root"
CONSOLES="tty0 ttyS1,115200"
EOF
echo ro >"$R/etc/default/raspi-extra-cmdline"
kver=$(basename "$(ls -d "$R"/lib/modules/*)")
DEB_MAINT_PARAMS=configure chroot "$R" /etc/kernel/postinst.d/z50-raspi-firmware "$kver" "/boot/vmlinuz-$kver" >"$T/hook.log" 2>&1 \
  || { cat "$T/hook.log" >&2; die "raspi-firmware's kernel hook failed"; }
grep -Eq 'root=LABEL=crate-root rw .* ro$' "$R/boot/firmware/cmdline.txt" \
  || die "cmdline.txt does not mount the root read-only: $(cat "$R/boot/firmware/cmdline.txt")"

# The system: nothing waits for a network, nothing writes to the root on a timer.
chroot "$R" systemctl -q enable systemd-networkd.service systemd-resolved.service \
  crate-firstboot.service crate-grow-data.service
chroot "$R" systemctl -q mask systemd-networkd-wait-online.service apt-daily.timer \
  apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer e2scrub_reap.service
# Debian 13's networkd moves its state to /var/lib/systemd/network with this unit, which
# runs as systemd-network and so has systemd chown that folder at start: on the read-only
# root that fails, and the unit with it (the image test's boot 1, "failed units"). The
# root cannot keep that state anyway; networkd keeps it in /run, as on Debian 12.
chroot "$R" systemctl -q mask systemd-networkd-persistent-storage.service
chroot "$R" systemctl -q is-enabled crated.service || die "crated.service is not enabled"
# These install themselves into sysinit.target, which every service waits for: started
# with multi-user.target instead, they are out of the way of crated.
for unit in systemd-resolved.service systemd-timesyncd.service systemd-network-generator.service; do
  if [[ -L $R/etc/systemd/system/sysinit.target.wants/$unit ]]; then
    mv "$R/etc/systemd/system/sysinit.target.wants/$unit" "$R/etc/systemd/system/multi-user.target.wants/"
  fi
done
# Moving the link is not enough for the two that also order themselves Before=
# sysinit.target: started in the same transaction, sysinit.target (so every service,
# crated too) still waits for them. An ordering cannot be taken back in a drop-in, so
# the image has its own copy of each unit without it.
for unit in systemd-resolved.service systemd-timesyncd.service; do
  sed '/^Before=/s/ *\bsysinit\.target\b//' "$R/lib/systemd/system/$unit" > "$R/etc/systemd/system/$unit"
  grep -q '^Before=.*sysinit\.target' "$R/etc/systemd/system/$unit" && die "$unit still orders itself before sysinit.target"
  grep -q '^Before=' "$R/etc/systemd/system/$unit" || die "$unit lost its other orderings"
done
# Services' StateDirectory= and friends under /var, made now: the read-only root could
# not take the mkdir at their start (systemd-logind's /var/lib/systemd/linger, ...).
for kind in State:lib Cache:cache Logs:log; do
  sed -n "s/^${kind%:*}Directory=//p" "$R"/lib/systemd/system/*.service | tr ' ' '\n' |
    { grep -vE '^(crate|systemd/timesync|)$' || true; } | sort -u | while read -r dir; do
      mkdir -p "$R/var/${kind#*:}/${dir%%:*}"
    done
done
# The journal is in RAM (journald.conf.d/crate-image.conf): no folder that suggests otherwise.
rm -rf "$R/var/log/journal"
# The music folder of the card, until crate-settings.txt names others.
sed -i '/^\[library\]/,/^\[/ s|^paths = .*|paths = ["/data/music"]|' "$R/etc/crate/crate.toml"
grep -qx 'paths = \["/data/music"\]' "$R/etc/crate/crate.toml" || die "crate.toml has no [library] paths line"
echo crate >"$R/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tcrate\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$R/etc/hosts"
# Each card makes its own on the first boot (crate-firstboot.service).
: >"$R/etc/machine-id"
rm -f "$R"/etc/ssh/ssh_host_* "$R"/var/lib/systemd/random-seed
rm -f "$R/usr/sbin/policy-rc.d" "$R/etc/resolv.conf"
ln -s ../run/systemd/resolve/stub-resolv.conf "$R/etc/resolv.conf"
if [[ -n $hook ]]; then bash "$hook" "$R" "$kver" || die "$hook failed"; fi
chroot "$R" apt-get clean
chroot_umount "$R"

# --- The three trees. The boot partition holds what the Pi's firmware reads; the root
# keeps an empty /boot/firmware to mount it on. The data partition takes what is written
# at run time: Crate's state (bound onto /var/lib/crate), home folders, the music.
mkdir -p "$BOOT" "$DATA"/{home,music}
mv "$R"/boot/firmware/* "$BOOT/"
uid=$(chroot "$R" id -u crate) gid=$(chroot "$R" id -g crate)
# crated's StateDirectory, as systemd would make it; the root keeps the mount point.
install -d -m 750 -o "$uid" -g "$gid" "$DATA/crate"
if [[ -d $R/var/lib/crate ]]; then cp -a "$R/var/lib/crate/." "$DATA/crate/"; fi
rm -rf "$R/var/lib/crate"; mkdir -p "$R/var/lib/crate" "$R/data"
# systemd-timesyncd's state (its StateDirectory), bound from the data partition.
if [[ -d $R/var/lib/systemd/timesync ]]; then
  mkdir -p "$DATA/system"; cp -a "$R/var/lib/systemd/timesync" "$DATA/system/"
else
  install -d -m 755 -o "$(chroot "$R" id -u systemd-timesync)" -g "$(chroot "$R" id -g systemd-timesync)" \
    "$DATA/system/timesync" "$R/var/lib/systemd/timesync"
fi
# Music: readable by crated, writable by the admins (group crate), as on a NAS share.
install -d -m 2775 -o 0 -g "$gid" "$DATA/music"
find "$R/home" -mindepth 1 -maxdepth 1 -exec mv -t "$DATA/home" {} +

# --- Sizes (MiB): the boot partition at 4 MiB (the card's erase blocks), 256 MiB of
# FAT32; the root its content plus a quarter and 256 MiB for updates; data 128 MiB.
boot_mb=256
root_mb=$(( $(du -sm "$R" | cut -f1) * 5 / 4 + 256 ))
data_mb=128
mkfs.vfat -C -F 32 -n CRATE-BOOT "$T/boot.vfat" $((boot_mb * 1024)) >/dev/null
MTOOLS_SKIP_CHECK=1 mcopy -s -p -Q -i "$T/boot.vfat" "$BOOT"/* ::/
truncate -s "${root_mb}M" "$T/root.ext4"
mkfs.ext4 -q -F -L crate-root -d "$R" "$T/root.ext4"
truncate -s "${data_mb}M" "$T/data.ext4"
mkfs.ext4 -q -F -L crate-data -m 0 -d "$DATA" "$T/data.ext4"

# --- The card: an MBR (the Pi 3's boot ROM reads no GPT), the boot partition FAT32 LBA
# (type c) and active, the others Linux; each file system copied to its offset.
mb=2048   # sectors
rm -f "$out.tmp"
truncate -s $((4 + boot_mb + root_mb + data_mb))M "$out.tmp"
sfdisk -q "$out.tmp" <<EOF
label: dos
label-id: 0x63726174
unit: sectors
start=$((4 * mb)), size=$((boot_mb * mb)), type=c, bootable
start=$(((4 + boot_mb) * mb)), size=$((root_mb * mb)), type=83
start=$(((4 + boot_mb + root_mb) * mb)), size=$((data_mb * mb)), type=83
EOF
dd if="$T/boot.vfat" of="$out.tmp" bs=1M seek=4 conv=notrunc,sparse status=none
dd if="$T/root.ext4" of="$out.tmp" bs=1M seek=$((4 + boot_mb)) conv=notrunc,sparse status=none
dd if="$T/data.ext4" of="$out.tmp" bs=1M seek=$((4 + boot_mb + root_mb)) conv=notrunc,sparse status=none
mv "$out.tmp" "$out"
log "$out: $((4 + boot_mb + root_mb + data_mb)) MiB (root $root_mb MiB), kernel $kver, in $((SECONDS - t0)) s"
echo "$out"
