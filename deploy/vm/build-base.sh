#!/usr/bin/env bash
# Builds what every test VM shares, cached in $CRATE_VM_DIR (default /var/tmp/crate-vm-trixie,
# with -arm64 for CRATE_VM_ARCH=arm64; /var/tmp/crate-vm[-arm64] for CRATE_VM_DIST=bookworm):
#   vmlinux      amd64: the Debian kernel of VM_DIST, uncompressed (qemu boots it via PVH)
#   vmlinuz      arm64: the Debian kernel Image of VM_DIST (qemu -M virt boots it as is)
#   initrd.img   a minimal initramfs (virtio-blk + ext4) for that kernel
#   base.tar.zst the guest root file system: Debian minbase + the Crate runtime libraries,
#                the kernel modules the simulated hardware needs (gpio-sim built here,
#                and vfb where the kernel lacks it: arm64) and crate-sim-hw.service
#   base.env     KVER=, DEBVER= of that kernel
# Usage: build-base.sh [--force]. A rerun with unchanged inputs returns at once.
# A foreign guest (arm64 on an amd64 host) is debootstrapped through qemu-user and its
# modules are cross-built with kbuild's tools at the kernel's exact version (Debian 13's
# in a trixie root of the host's architecture: sim-modules.sh).
# Env: CRATE_VM_ARCH, CRATE_VM_DIST, CRATE_VM_DIR, CRATE_VM_MIRROR (default
# http://deb.debian.org/debian).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$VM_HERE/sim-modules.sh"
force=0
[[ ${1:-} == --force ]] && force=1
MIRROR=${CRATE_VM_MIRROR:-http://deb.debian.org/debian}
W=$VM_WORK

# Guest packages: boot + udev + test tools, and the libraries crated links. python3
# (not -minimal, which lacks json) is for the in-guest test helpers; mpg123 decodes the
# reference in the guest, where libmpg123 picks the same CPU-specific synth as crated
# (the emulated CPU has no AVX: a host decode differs by 1 LSB here and there); man-db
# reads the package's manual pages as an admin would.
# The libraries are the Depends of the release's package (Debian 13: the t64 names).
PKGS=systemd,systemd-sysv,udev,kmod,dbus,alsa-utils,gpiod,initramfs-tools,procps,util-linux
PKGS+=,e2fsprogs,adduser,libsqlite3-0,zlib1g,libturbojpeg0,libvorbisfile3,libopusfile0
PKGS+=,libfaad2,libsoxr0,python3,mpg123,man-db
case $VM_DIST in
  trixie) PKGS+=,libasound2t64,libmpg123-0t64,libgpiod3,libcurl4t64,libpng16-16t64,libflac14 ;;
  bookworm) PKGS+=,libasound2,libmpg123-0,libgpiod2,libcurl4,libpng16-16,libflac12 ;;
esac
# Modules copied into the guest (with their dependencies); everything else stays out.
# virtio_net: the boot test's NIC (boot.sh --forward), the page fetched from the host.
MODS=(virtio_pci virtio_blk ext4 crc32c_generic configfs snd-aloop vfb uinput autofs4 gpio-sim virtio_net)

# The cache key: this script, lib.sh and the guest files. Change any, and it rebuilds.
stamp=$( (echo "$VM_DIST"; cat "$0" "$VM_HERE/lib.sh" "$VM_HERE/sim-modules.sh" "$VM_HERE"/guest/*) | sha256sum | cut -c1-16)
up_to_date() { [[ -f $W/base.env && $(grep -s ^STAMP= "$W/base.env") == "STAMP=$stamp" ]]; }
if ((!force)) && up_to_date; then log "base is up to date in $W"; exit 0; fi
exec 9>"$W/.build.lock"; flock 9     # one build at a time per work dir...
if ((!force)) && up_to_date; then log "base built meanwhile in $W"; exit 0; fi   # ...by another
t0=$SECONDS

need_pkgs "$VM_QEMU_PKG" debootstrap e2fsprogs zstd python3 cpio util-linux $(sim_modules_build_pkgs)
need_binfmt
# The kernel version to use is whatever linux-image-<arch> points at now. A foreign
# architecture's or release's packages come through a private apt root (its own lists and
# cache, the host's keyring): the host's dpkg never learns about arm64, nor its apt about
# Debian 13.
if [[ $VM_ARCH == "$VM_HOST_ARCH" && $VM_DIST == "$VM_HOST_DIST" ]]; then
  apt_update_once
else
  foreign_apt "$W/apt" "$MIRROR"
fi

B=$W/build
safe_rm "$B"
mkdir -p "$B" "$W/debs"

# --- Guest rootfs: debootstrap is the slow part (~60 s), so it runs in the background
# while the kernel is fetched and gpio-sim compiled; its raw result is cached on its own.
cached_root "$W/debootstrap" "$B/rootfs" "$MIRROR" \
  --variant=minbase --arch="$VM_ARCH" --include="$PKGS" "$VM_DIST" &
rootfs_job=$!

# --- Kernel: the exact version linux-image-<arch> depends on, with its headers, kbuild
# and source at the same Debian version (gpio-sim must match the running kernel). The
# kbuild package holds the build's host programs (scripts/): the host's architecture.
DEBVER=$(apt-cache policy "linux-image-$VM_ARCH" | awk '/Candidate:/ {print $2}')
img=$(apt-cache show "linux-image-$VM_ARCH=$DEBVER" | sed -n 's/^Depends: \(linux-image-[^ ,]*\).*/\1/p')
KVER=${img#linux-image-}                 # e.g. 6.1.0-56-amd64, 6.12.48+deb13-amd64
[[ $KVER == "$VM_KSERIES".* ]] || die "unexpected kernel $img ($DEBVER) for $VM_DIST"
debs=("$img" $(kernel_build_packages "$KVER"))
log "kernel $KVER, Debian version $DEBVER"
find "$W/debs" -name '*.deb' ! -name "*_${DEBVER}_*" -delete   # older kernels
kernel_debs "$W/debs" "$DEBVER" "${debs[@]}"
K=$B/kernel
dpkg-deb -x "$W/debs/${img}_${DEBVER}_$VM_ARCH.deb" "$K"
# Debian 13's kernel package has its modules in /usr/lib only (merged /usr).
[[ -d $K/lib ]] || ln -s usr/lib "$K/lib"
sim_modules "$K" "$KVER" "$W/debs" "$DEBVER"
# amd64: vmlinuz is a boot stub around a compressed ELF (xz: Debian 12, zstd: Debian
# 13): find the stream whose contents are an ELF file (extract-vmlinux's method, trailing
# bytes after the stream ignored) and keep that, for PVH boot.
# arm64: vmlinuz is the plain Image already.
[[ $VM_KERNEL == vmlinuz ]] && cp "$K/boot/vmlinuz-$KVER" "$B/vmlinuz"
[[ $VM_KERNEL == vmlinux ]] && python3 - "$K/boot/vmlinuz-$KVER" "$B/vmlinux" <<'PY'
import lzma, subprocess, sys
data = open(sys.argv[1], "rb").read()

def xz(stream):
    try:
        return lzma.LZMADecompressor().decompress(stream)
    except lzma.LZMAError:
        return b""

def zstd(stream):   # python3 has no zstd here: the zstd tool, as extract-vmlinux uses
    return subprocess.run(["zstd", "-dcq"], input=stream, capture_output=True).stdout

for magic, decompress in ((b"\xfd7zXZ\x00", xz), (b"\x28\xb5\x2f\xfd", zstd)):
    i = data.find(magic)
    while i >= 0:
        out = decompress(data[i:])
        if out[:4] == b"\x7fELF":
            open(sys.argv[2], "wb").write(out); sys.exit(0)
        i = data.find(magic, i + 1)
sys.exit("no xz- or zstd-compressed ELF kernel in " + sys.argv[1])
PY

wait "$rootfs_job" || die "debootstrap failed (see $W/debootstrap.log)"
R=$B/rootfs
trap 'chroot_umount "$R"' EXIT
log "rootfs ready ($((SECONDS - t0)) s)"

# --- Kernel modules: only the ones listed and what they depend on.
depmod -b "$K" "$KVER"
mdst=$R/lib/modules/$KVER
mkdir -p "$mdst/extra"
for m in "${MODS[@]}"; do
  modprobe -d "$K" -S "$KVER" --show-depends "$m" | awk '$1 == "insmod" {print $2}'
done | sort -u | while read -r f; do
  rel=${f#"$K/lib/modules/$KVER/"}
  install -D -m 644 "$f" "$mdst/$rel"
done
cp "$K/lib/modules/$KVER"/modules.{builtin,builtin.modinfo,order} "$mdst/"
depmod -b "$R" "$KVER"
cp "$K/boot/config-$KVER" "$R/boot/"

# --- Initramfs: just enough to mount /dev/vda (virtio_blk and ext4 are modules).
printf '%s\n' virtio_pci virtio_blk ext4 crc32c_generic >"$R/etc/initramfs-tools/modules"
sed -i -e 's/^MODULES=.*/MODULES=list/' -e 's/^COMPRESS=.*/COMPRESS=gzip/' \
  -e 's/^BUSYBOX=.*/BUSYBOX=n/' "$R/etc/initramfs-tools/initramfs.conf"
echo FSTYPE=ext4 >"$R/etc/initramfs-tools/conf.d/fstype"   # no probing, no warning
echo RESUME=none >"$R/etc/initramfs-tools/conf.d/resume"
chroot_mount "$R"
chroot "$R" mkinitramfs -o /tmp/initrd.img "$KVER"
mv "$R/tmp/initrd.img" "$B/initrd.img"

# --- System configuration.
echo crate-vm >"$R/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 crate-vm\n' >"$R/etc/hosts"
echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' >"$R/etc/fstab"
chroot "$R" passwd -dq root                     # empty root password (test VM, no network)
chroot "$R" groupadd -rf gpio                   # as on Raspberry Pi OS; udev rules use it
# Nothing that slows the boot or runs at random times during a test; no login prompts.
chroot "$R" systemctl -q mask apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
  e2scrub_all.timer e2scrub_reap.service fstrim.timer getty@tty1.service \
  "serial-getty@$VM_CONSOLE.service" systemd-pstore.service systemd-binfmt.service \
  proc-sys-fs-binfmt_misc.automount proc-sys-fs-binfmt_misc.mount
install -D -m 755 "$VM_HERE/guest/sim-hw.sh" "$R/usr/local/lib/crate-vm/sim-hw.sh"
install -D -m 644 "$VM_HERE/guest/crate-sim-hw.service" "$R/etc/systemd/system/crate-sim-hw.service"
scale_timeouts "$R/etc/systemd/system/crate-sim-hw.service"
# The guest's own waits scale by the same factor (the guest scripts read this file).
mkdir -p "$R/etc/crate-vm"
echo "$VM_SLOW" >"$R/etc/crate-vm/slow"
chroot "$R" systemctl -q enable crate-sim-hw.service
mkdir -p "$R/var/lib/crate-vm/results"
chroot_umount "$R"
rm -rf "$R"/var/lib/apt/lists/* "$R"/tmp/* "$R/boot/config-$KVER"

tar -C "$R" --numeric-owner --xattrs -cf - . | zstd -q -T0 -3 -o "$B/base.tar.zst" -f
mv "$B/$VM_KERNEL" "$B/initrd.img" "$B/base.tar.zst" "$W/"
printf 'KVER=%s\nDEBVER=%s\nSTAMP=%s\n' "$KVER" "$DEBVER" "$stamp" >"$W/base.env"
safe_rm "$B"
log "base built in $((SECONDS - t0)) s: $W/{$VM_KERNEL,initrd.img,base.tar.zst}"
