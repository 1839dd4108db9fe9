# Sourced by the card image's scripts (build.sh, boot-test.sh, test-hook.sh): the image's
# Debian release and work dir, then deploy/vm/lib.sh for an arm64 guest of that release.
# CRATE_IMAGE_DIST: trixie (Debian 13, the default) or bookworm (Debian 12); its kernel,
# firmware and package are that release's. Each release has its own work dir, as the VMs'
# do: /var/tmp/crate-image-trixie, /var/tmp/crate-image (Debian 12).
IMAGE_DIST=${CRATE_IMAGE_DIST:-trixie}
case $IMAGE_DIST in
  trixie) IMAGE_DIST_NUMBER=13 ;;
  bookworm) IMAGE_DIST_NUMBER=12 ;;
  *) echo "CRATE_IMAGE_DIST=$IMAGE_DIST: trixie or bookworm" >&2; exit 2 ;;
esac
W=${CRATE_IMAGE_DIR:-/var/tmp/crate-image$([[ $IMAGE_DIST == bookworm ]] || echo "-$IMAGE_DIST")}
CRATE_VM_ARCH=arm64 CRATE_VM_DIST=$IMAGE_DIST source deploy/vm/lib.sh
MIRROR=${CRATE_IMAGE_MIRROR:-http://deb.debian.org/debian}

# The emulator of the boot test: Debian 13's qemu-system-aarch64 (10.0), whatever the
# image's release, since Debian 12's (7.2) has no Raspberry Pi 4 model. It comes as the
# VMs' Debian 13 tools do (the kbuild root, deploy/vm/sim-modules.sh): a trixie root of
# the host's architecture, made by debootstrap once and cached ($W/qemu-root.tar.zst),
# unpacked into DIR. image_qemu DIR sets IMAGE_QEMU to the command that runs it with
# that root's own loader, libraries and data: nothing installed on the host, nothing mounted.
image_qemu() {
  local Q=$1 lib
  need_pkgs debootstrap zstd
  cached_root "$W/qemu-root" "$Q" "$MIRROR" --variant=minbase --arch="$VM_HOST_ARCH" \
    --include=qemu-system-arm trixie || die "the qemu root did not build (see $W/qemu-root.log)"
  lib=$Q/usr/lib/$(gcc -print-multiarch)
  # Its own modules too (audio, display), or it would try the host's qemu's and complain.
  IMAGE_QEMU=(env "QEMU_MODULE_DIR=$lib/qemu" "$(echo "$lib"/ld-linux*.so.[0-9])" --library-path "$lib"
    "$Q/usr/bin/qemu-system-aarch64" -L "$Q/usr/share/qemu")
  "${IMAGE_QEMU[@]}" --version | grep -q 'version \(9\|[1-9][0-9]\)\.' \
    || die "the qemu root's qemu-system-aarch64 is not 9 or later: $("${IMAGE_QEMU[@]}" --version | head -1)"
}
