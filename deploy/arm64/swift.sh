#!/usr/bin/env bash
# Runs Debian's Swift from the toolchain root (prepare.sh) on this checkout, building for
# one cross target (lib.sh: CRATE_CROSS_TARGET=trixie-arm64, the default, trixie-amd64 or
# bookworm-arm64) through its Swift SDK: the arguments are swift's, e.g.
#   CRATE_CROSS_TARGET=bookworm-arm64 bash deploy/arm64/swift.sh build -c release --static-swift-stdlib --product crate
# Adds the SDK, the target's scratch folder .build-DIST-ARCH (git ignores it), pkg-config's
# view of the sysroot (SwiftPM reads .pc files itself, from PKG_CONFIG_PATH; the root has
# no other -dev packages to mix in) and CRATE_LIBGPIOD, the major version of the libgpiod
# found there (Package.swift). The checkout is bound into the root at /src.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cross_target "${CRATE_CROSS_TARGET:-trixie-arm64}"
T=$ARM64_TOOLCHAIN
[[ -x $T/usr/libexec/swift/bin/swift-frontend && -d $CROSS_SYSROOT ]] ||
  die "no toolchain or sysroot for $CROSS_DIST-$CROSS_ARCH in $ARM64_WORK: run deploy/arm64/prepare.sh"
pc_path=$CROSS_SYSROOT_IN/usr/lib/$CROSS_MULTIARCH/pkgconfig:$CROSS_SYSROOT_IN/usr/share/pkgconfig
libgpiod=$(PKG_CONFIG_SYSROOT_DIR=$CROSS_SYSROOT PKG_CONFIG_LIBDIR=${pc_path//$CROSS_SYSROOT_IN/$CROSS_SYSROOT} \
  pkg-config --modversion libgpiod) || die "no libgpiod in the $CROSS_DIST-$CROSS_ARCH sysroot"
toolchain_lock   # the mounts below are one per root

leave() {
  local m
  for m in "$T/src" "$T/opt/swift-packages"; do mountpoint -q "$m" && umount -l "$m"; done
  chroot_umount "$T"
}
trap leave EXIT
chroot_mount "$T"
mkdir -p "$T/src"
mount --bind "$ARM64_REPO" "$T/src"
# Swift packages as this machine serves them: git's url rewrites and their local mirror
# (on a machine without them, SwiftPM in the root fetches from the network as usual).
[[ -f /etc/gitconfig ]] && cp /etc/gitconfig "$T/etc/gitconfig"
[[ -f $HOME/.gitconfig ]] && cp "$HOME/.gitconfig" "$T/root/.gitconfig"
if [[ -d /opt/swift-packages ]]; then
  mkdir -p "$T/opt/swift-packages"
  mount --bind -o ro /opt/swift-packages "$T/opt/swift-packages"
fi
cp -L /etc/resolv.conf "$T/etc/resolv.conf" 2>/dev/null || true

sub=$1; shift
chroot "$T" /usr/bin/env -i HOME=/root PATH=/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 \
  PKG_CONFIG_SYSROOT_DIR="$CROSS_SYSROOT_IN" PKG_CONFIG_PATH="$pc_path" CRATE_LIBGPIOD="${libgpiod%%.*}" \
  sh -c 'cd /src && exec "$@"' swift swift "$sub" \
  --swift-sdks-path "$CROSS_OPT/sdks" --swift-sdk "$CROSS_SDK" --scratch-path "/src/$CROSS_SCRATCH" "$@"
