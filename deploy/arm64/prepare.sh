#!/usr/bin/env bash
# Prepares, once, what the cross builds need on an x86_64 Debian 12 machine, from Debian's
# packages alone, into a cache outside the repo ($CRATE_ARM64_DIR, default
# /var/tmp/crate-arm64):
#   toolchain/       a Debian sid amd64 root holding Debian's Swift (swiftlang): the only
#                    Swift built for arm64 by Debian, and it needs sid's glibc to run
#   toolchain/opt/crate-cross/DIST-ARCH/ for each target (lib.sh: trixie-arm64,
#                    trixie-amd64, bookworm-arm64; default all, or those named)
#     sysroot/       that Debian release for that architecture: libc, gcc's runtime and
#                    every -dev package Crate builds against (deploy/packages.sh), plus
#                    the Swift runtime for that architecture
#     sysroot.files  which package put each sysroot file there (for the .deb's Depends)
#   toolchain/opt/crate-cross/sdks/  the Swift SDK bundles (SE-0387) naming the sysroots
# A rerun with unchanged inputs returns at once. Run as root (debootstrap, chroot).
# Usage: prepare.sh [--force] [DIST-ARCH...]. Env: CRATE_ARM64_DIR, CRATE_ARM64_MIRROR.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
force=0
[[ ${1:-} == --force ]] && { force=1; shift; }
targets=("$@")
((${#targets[@]})) || targets=("${CROSS_TARGETS[@]}")
for target in "${targets[@]}"; do cross_target "$target"; done   # (dies on an unknown one)

# The Swift this was checked with: Debian's package version of swiftlang and the
# compiler's own version line. A newer sid upload is refused, not silently used.
SWIFT_DEB_VERSION=6.2.3-1+b1
SWIFT_COMPILER_VERSION="Swift version 6.2.3"

inputs=$(cat "$0" "$ARM64_HERE/lib.sh" "$ARM64_HERE/compat/"* "$ARM64_HERE/../packages.sh" "$ARM64_HERE/../dists.sh" |
  sha256sum | cut -c1-16)
stamp() { echo "$inputs $1"; }
up_to_date() {
  local target
  for target in "${targets[@]}"; do
    [[ $(cat "$ARM64_WORK/prepared-$target" 2>/dev/null) == "$(stamp "$target")" ]] || return 1
  done
}
if ((!force)) && up_to_date; then log "toolchain and sysroots (${targets[*]}) are up to date in $ARM64_WORK"; exit 0; fi
exec 9>"$ARM64_WORK/.prepare.lock"; flock 9
if ((!force)) && up_to_date; then log "prepared meanwhile in $ARM64_WORK"; exit 0; fi
toolchain_lock   # no build may be using the root (or its mounts) while it is remade
t0=$SECONDS

need_pkgs debootstrap binutils-aarch64-linux-gnu debian-archive-keyring

# --- The toolchain root (sid amd64): the slow download, kept as long as its key holds
# (it does not change when this script does).
T=$ARM64_TOOLCHAIN
tkey=$(echo "sid $ARM64_MIRROR $SWIFT_DEB_VERSION" | sha256sum | cut -c1-16)
if [[ $(cat "$ARM64_WORK/toolchain.key" 2>/dev/null) != "$tkey" || ! -x $T/usr/libexec/swift/bin/swift-frontend ]]; then
  rm -f "$ARM64_WORK/toolchain.key"
  safe_rm "$T"
  log "debootstrap sid amd64 (the Swift toolchain's root)"
  debootstrap --variant=minbase --include=libc6-dev,git,pkg-config,ca-certificates sid "$T" "$ARM64_MIRROR" \
    >"$ARM64_WORK/debootstrap-toolchain.log" 2>&1 ||
    { tail -20 "$ARM64_WORK/debootstrap-toolchain.log" >&2; die "debootstrap sid failed"; }
  chroot_mount "$T"
  trap 'chroot_umount "$T"' EXIT
  # sid's Release can be past its Valid-Until on a mirror snapshot; the keyring still checks it.
  echo 'Acquire::Check-Valid-Until "false";' >"$T/etc/apt/apt.conf.d/90crate"
  chroot "$T" dpkg --add-architecture arm64
  log "installing swiftlang $SWIFT_DEB_VERSION (about 570 MB)"
  chroot "$T" apt-get update -qq
  chroot "$T" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "swiftlang=$SWIFT_DEB_VERSION" >/dev/null ||
    die "swiftlang $SWIFT_DEB_VERSION is not installable from sid (a newer upload? check it, then bump SWIFT_DEB_VERSION)"
  chroot "$T" apt-get clean
  rm -rf "$T"/var/lib/apt/lists/*
  chroot_umount "$T"; trap - EXIT
  echo "$tkey" >"$ARM64_WORK/toolchain.key"
  log "toolchain root ready ($((SECONDS - t0)) s)"
fi
chroot_mount "$T"   # (the compiler finds its libraries through $ORIGIN, which needs /proc)
trap 'chroot_umount "$T"' EXIT
got=$(chroot "$T" /usr/bin/swift --version 2>&1 | head -1)
# The arm64 half of the very same build: its modules and static runtime (swiftlang) and
# its shared runtime (libswiftlang), only unpacked into the sysroot below (~590 MB).
arm64_debs=("swiftlang_${SWIFT_DEB_VERSION}_arm64.deb" "libswiftlang_${SWIFT_DEB_VERSION}_arm64.deb")
if ! (cd "$T/opt" && ls "${arm64_debs[@]}" >/dev/null 2>&1); then
  log "downloading Swift $SWIFT_DEB_VERSION for arm64"
  chroot "$T" sh -c "apt-get update -qq && cd /opt && apt-get download -qq -o APT::Sandbox::User=root \
    swiftlang:arm64=$SWIFT_DEB_VERSION libswiftlang:arm64=$SWIFT_DEB_VERSION && rm -rf /var/lib/apt/lists/*" ||
    die "Swift $SWIFT_DEB_VERSION for arm64 could not be downloaded"
fi
chroot_umount "$T"; trap - EXIT
[[ $got == "$SWIFT_COMPILER_VERSION"* ]] ||
  die "the toolchain root's compiler says '$got', expected '$SWIFT_COMPILER_VERSION'"
log "compiler: $got"

source "$ARM64_HERE/../packages.sh"

# unpack_swift DEB SYSROOT FOLDER...: those folders of the package's usr/libexec/swift/lib
# into the sysroot's usr/lib.
unpack_swift() {
  local deb=$1 sysroot=$2; shift 2
  dpkg-deb --fsys-tarfile "$T/opt/$deb" | tar -C "$sysroot/usr/lib" -xf - --strip-components=5 \
    "${@/#/./usr/libexec/swift/lib/}"
}

# prepare_target DIST-ARCH: that target's sysroot and Swift SDK.
prepare_target() {
  local target=$1 deb pkg link lnk t1=$SECONDS
  cross_target "$target"
  rm -f "$ARM64_WORK/prepared-$target"
  # The packages' files unpacked, no maintainer script run (headers and libraries need
  # none), so no emulation and no dpkg database; a private apt root resolves their
  # dependencies without touching the host's.
  local S=$CROSS_SYSROOT A=$ARM64_WORK/apt-$target
  mkdir -p "$A"/{etc/apt/apt.conf.d,etc/apt/preferences.d,etc/apt/sources.list.d,var/lib/dpkg} \
    "$A"/var/lib/apt/lists/partial "$A"/var/cache/apt/archives/partial
  : >"$A/var/lib/dpkg/status"
  cat >"$A/apt.conf" <<CONF
Dir "$A/";
Dir::State::status "$A/var/lib/dpkg/status";
Dir::Etc::TrustedParts "/etc/apt/trusted.gpg.d/";
APT::Architecture "$CROSS_ARCH";
APT::Architectures { "$CROSS_ARCH"; };
APT::Install-Recommends "false";
Acquire::Languages "none";
CONF
  # The release's updates and security fixes too: a box that installs the package has them.
  printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s\n' \
    "$ARM64_MIRROR $CROSS_DIST main" "$ARM64_MIRROR $CROSS_DIST-updates main" \
    "${ARM64_MIRROR%/debian}/debian-security $CROSS_DIST-security main" >"$A/etc/apt/sources.list"
  log "resolving the $target sysroot's packages"
  APT_CONFIG=$A/apt.conf apt-get update -qq
  rm -f "$A"/var/cache/apt/archives/*.deb   # (an older run's versions)
  APT_CONFIG=$A/apt.conf apt-get install -y -qq --download-only \
    libc6-dev "libgcc-$DIST_GCC-dev" "libstdc++-$DIST_GCC-dev" linux-libc-dev "${CRATE_BUILD_LIBS[@]}" >/dev/null
  safe_rm "$S"
  mkdir -p "$S"
  : >"$S.files.new"
  for deb in "$A"/var/cache/apt/archives/*.deb; do
    dpkg-deb -x "$deb" "$S"
    pkg=$(dpkg-deb -f "$deb" Package)
    dpkg-deb -c "$deb" | awk -v p="$pkg" '{sub(/^\./, "", $6); if ($6 != "/") print $6, p}' >>"$S.files.new"
  done
  mv "$S.files.new" "$S.files"
  log "$target sysroot: $(ls "$A"/var/cache/apt/archives/*.deb | wc -l) packages unpacked ($((SECONDS - t1)) s)"
  # A merged-/usr release (trixie) installs only under /usr and leaves /lib and /lib64
  # to links that its base-files makes: make them, or the linker misses libc's loader.
  for link in lib lib64 bin sbin; do
    [[ -e $S/$link || ! -d $S/usr/$link ]] || ln -s "usr/$link" "$S/$link"
  done
  # Absolute links point at the build machine's own files: make them relative, or the
  # linker finds e.g. the host's libm.so target, or none at all.
  find "$S" -type l -lname '/*' | while read -r link; do
    target_path=$(readlink "$link")
    ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$S$target_path")" "$link"
  done

  # The target's Swift modules and runtime (static and shared) and clang's resource
  # headers: arm64's from its packages, amd64's the toolchain root's own.
  if [[ $CROSS_ARCH == arm64 ]]; then
    unpack_swift "${arm64_debs[0]}" "$S" swift swift_static clang
    unpack_swift "${arm64_debs[1]}" "$S" swift
  else
    cp -a "$T/usr/libexec/swift/lib/"{swift,swift_static,clang} "$S/usr/lib/"
  fi
  [[ -f $S/usr/lib/swift_static/linux/static-stdlib-args.lnk && -f $S/usr/lib/swift/linux/libswiftCore.so ]] ||
    die "the $CROSS_ARCH Swift packages did not hold the runtime expected"
  # Debian packages _Testing_Foundation's module without its library: an empty archive
  # lets a test bundle that imports nothing of it link.
  ar rc "$S/usr/lib/swift/linux/lib_Testing_Foundation.a"

  if ((DIST_GLIBC_COMPAT)); then
    # sid's runtime was built against glibc 2.42 and calls a few functions Debian 12's
    # 2.36 lacks: a small static library supplies them (compat/), linked after the runtime.
    local cc_args=(--target="$CROSS_MULTIARCH" --sysroot="$CROSS_SYSROOT_IN" -O2 -fPIC -c) c
    mkdir -p "$T/tmp/compat"
    cp "$ARM64_HERE/compat/"*.c "$T/tmp/compat/"
    for c in "$T"/tmp/compat/*.c; do
      chroot "$T" /usr/libexec/swift/bin/clang "${cc_args[@]}" "/tmp/compat/${c##*/}" -o "/tmp/compat/$(basename "$c" .c).o"
    done
    rm -f "$S/usr/lib/swift_static/linux/libcrate_glibc_compat.a"
    "$CROSS_MULTIARCH-ar" rc "$S/usr/lib/swift_static/linux/libcrate_glibc_compat.a" "$T"/tmp/compat/*.o
    rm -rf "$T/tmp/compat"
    lnk=$S/usr/lib/swift_static/linux/static-stdlib-args.lnk
    # The file is a hard link in the package: write a new one rather than edit it in place.
    { cat "$lnk"; printf '\n-lcrate_glibc_compat\n'; } >"$lnk.new"
    rm -f "$lnk"; mv "$lnk.new" "$lnk"
  fi

  # The Swift SDK bundle.
  local B=$T$CROSS_OPT/sdks/$CROSS_SDK.artifactbundle
  rm -rf "$B"; mkdir -p "$B/$CROSS_SDK"
  cat >"$B/info.json" <<JSON
{ "schemaVersion": "1.0",
  "artifacts": { "$CROSS_SDK": { "type": "swiftSDK", "version": "$SWIFT_DEB_VERSION",
    "variants": [ { "path": "$CROSS_SDK", "supportedTriples": ["x86_64-unknown-linux-gnu", "x86_64-pc-linux-gnu"] } ] } } }
JSON
  cat >"$B/$CROSS_SDK/swift-sdk.json" <<JSON
{ "schemaVersion": "4.0",
  "targetTriples": { "$CROSS_TRIPLE": {
    "sdkRootPath": "$CROSS_SYSROOT_IN",
    "swiftResourcesPath": "$CROSS_SYSROOT_IN/usr/lib/swift",
    "swiftStaticResourcesPath": "$CROSS_SYSROOT_IN/usr/lib/swift_static",
    "toolsetPaths": ["toolset.json"] } } }
JSON
  cat >"$B/$CROSS_SDK/toolset.json" <<JSON
{ "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] },
  "cCompiler": { "extraCLIOptions": ["-fPIC"] } }
JSON
  stamp "$target" >"$ARM64_WORK/prepared-$target"
  log "$target prepared in $((SECONDS - t1)) s: $S, $B"
}

for target in "${targets[@]}"; do prepare_target "$target"; done
log "prepared in $((SECONDS - t0)) s: $T (compiler), sysroots and SDKs for ${targets[*]}"
