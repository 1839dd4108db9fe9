#!/usr/bin/env bash
# Runs Debian's Swift from the toolchain root (prepare.sh) on this checkout, building for
# arm64 through the Swift SDK: the arguments are swift's, e.g.
#   bash deploy/arm64/swift.sh build -c release --static-swift-stdlib --product crated
# Adds the SDK, the scratch folder .build-arm64 (git ignores it) and pkg-config's view
# of the sysroot (SwiftPM reads .pc files itself, from PKG_CONFIG_PATH; the root has
# no other -dev packages to mix in). The checkout is bound into the root at /src.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
T=$ARM64_TOOLCHAIN
[[ -x $T/usr/libexec/swift/bin/swift-frontend && -d $ARM64_SYSROOT ]] || die "no toolchain in $ARM64_WORK: run deploy/arm64/prepare.sh"
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
  PKG_CONFIG_SYSROOT_DIR="$ARM64_OPT/sysroot" \
  PKG_CONFIG_PATH="$ARM64_OPT/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:$ARM64_OPT/sysroot/usr/share/pkgconfig" \
  sh -c 'cd /src && exec "$@"' swift swift "$sub" \
  --swift-sdks-path "$ARM64_OPT/sdks" --swift-sdk "$ARM64_SDK" --scratch-path /src/.build-arm64 "$@"
