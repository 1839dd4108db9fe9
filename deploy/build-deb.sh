#!/usr/bin/env bash
# Builds the Crate .deb with dpkg-deb: stripped release binaries with the Swift runtime
# linked in (--static-swift-stdlib), the systemd unit, the udev rules and a commented
# default /etc/crate/crate.toml (a conffile: upgrades keep an admin's edits).
#
#   bash deploy/build-deb.sh [--dist trixie|bookworm] [--arch amd64|arm64] [--version V] [--out DIST]
#
# Prints the path of the .deb last. Each Debian release gets its own package, built
# against that release's libraries so that its Depends name them (deploy/dists.sh):
# --dist defaults to trixie (Debian 13), the version to the source's, Debian revision 1
# and the release's suffix (0.1.0-1~deb13, 0.1.0-1~deb12), with a changelog entry saying
# which. --arch defaults to the build machine's. The build machine's own release and
# architecture (Debian 12 amd64) is built with its own Swift; the others are cross-built
# with Debian's Swift against a sysroot of the release (deploy/arm64/: the toolchain and
# the sysroots are prepared once into /var/tmp/crate-arm64, then reused).
# CRATE_SKIP_BUILD=1 packs the binaries already in the release folder.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/dists.sh

upstream=$(sed -n 's/.*static let number = "\(.*\)".*/\1/p' Sources/CrateCore/CrateVersion.swift)
[ -n "$upstream" ] || { echo "build-deb.sh: no version found in Sources/CrateCore/CrateVersion.swift" >&2; exit 1; }
out=.build/deb
native=$(dpkg --print-architecture)
native_dist=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
arch=$native dist=$CRATE_DEFAULT_DIST version=
while [ $# -gt 0 ]; do
  case "$1" in
    --dist) dist=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "build-deb.sh: unknown argument $1" >&2; exit 64 ;;
  esac
done
dist_facts "$dist"
release_version=$upstream-1$DIST_VERSION_SUFFIX
version=${version:-$release_version}

if [ "$arch:$dist" = "$native:$native_dist" ]; then
  if [ "${CRATE_SKIP_BUILD:-0}" = 1 ]; then
    bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
    bash deploy/program-links.sh "$bin"
  else
    source deploy/build-release.sh
  fi
  strip=strip objdump=objdump run=()
  sysroot=
elif [ "$native" = amd64 ]; then
  source deploy/arm64/lib.sh
  [[ " ${CROSS_TARGETS[*]} " == *" $dist-$arch "* ]] ||
    { echo "build-deb.sh: cannot build for Debian $dist $arch here (this machine builds $native_dist $native and ${CROSS_TARGETS[*]})" >&2; exit 64; }
  cross_target "$dist-$arch"
  if [ "${CRATE_SKIP_BUILD:-0}" != 1 ]; then
    bash deploy/arm64/prepare.sh "$dist-$arch" >&2
    CRATE_CROSS_TARGET=$dist-$arch bash deploy/arm64/swift.sh build -c release --static-swift-stdlib --product crate >&2
  fi
  bin=$CROSS_SCRATCH/$CROSS_TRIPLE/release
  bash deploy/program-links.sh "$bin"
  sysroot=$CROSS_SYSROOT
  if [ "$arch" = arm64 ]; then
    strip=aarch64-linux-gnu-strip objdump=aarch64-linux-gnu-objdump
    # qemu-user runs the binaries once, for their manual pages.
    command -v qemu-aarch64-static >/dev/null || apt-get install -y -qq qemu-user-static >&2
    run=(qemu-aarch64-static -L "$sysroot")
  else
    # The release's own loader and libraries run them: this machine's glibc is older
    # than the one they were linked for.
    strip=strip objdump=objdump
    run=("$sysroot/usr/lib64/ld-linux-x86-64.so.2" --library-path "$sysroot/usr/lib/x86_64-linux-gnu")
  fi
else
  echo "build-deb.sh: cannot build for Debian $dist $arch on $native_dist $native (cross builds run on amd64)" >&2
  exit 64
fi

stage=$(mktemp -d)
chmod 0755 "$stage"  # becomes / of the package: mktemp makes it 0700
trap 'rm -rf "$stage"' EXIT
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/libexec/crate" "$stage/etc/crate" "$stage/usr/lib/systemd/system" \
  "$stage/usr/lib/udev/rules.d" "$stage/usr/share/doc/crate" "$stage/usr/share/crate"
# One executable for the three programs, each a link that names it (Sources/crate): the
# static Swift runtime is on the card once and its pages are shared by crated and
# crate-web. Stripped: the symbols are most of a static-stdlib binary's size.
executable=usr/libexec/crate/crate
install -m 0755 "$bin/crate" "$stage/$executable"
"$strip" --strip-all --remove-section=.comment "$stage/$executable"
for name in crated crate-admin crate-web; do
  ln -s "../libexec/crate/crate" "$stage/usr/bin/$name"
done
# Manual pages (Debian policy 12.1), from the commands' own help and the reference config.
install -d "$stage/usr/share/man/man1" "$stage/usr/share/man/man5" "$stage/usr/share/man/man8"
python3 deploy/man/make-manpages.py "$stage/usr/share/man" "$version" "$(git log -1 --format=%cs 2>/dev/null || date -u +%F)" \
  deploy/crate.toml "$bin/crated:8" "$bin/crate-admin:1" "$bin/crate-web:8" -- "${run[@]}"
for page in "$stage"/usr/share/man/crate*.[158]; do
  section=${page##*.}
  gzip -9n < "$page" > "$stage/usr/share/man/man$section/${page##*/}.gz"
  rm "$page"
done
chmod 0644 "$stage"/usr/share/man/man*/*.gz
install -m 0644 deploy/crate.toml "$stage/etc/crate/crate.toml"
install -m 0644 deploy/crate.toml "$stage/usr/share/crate/crate.toml.reference"
install -m 0644 systemd/crated.service "$stage/usr/lib/systemd/system/crated.service"
install -m 0644 systemd/crate-web.service "$stage/usr/lib/systemd/system/crate-web.service"
install -m 0644 udev/60-crate.rules "$stage/usr/lib/udev/rules.d/60-crate.rules"
install -m 0644 README.md "$stage/usr/share/doc/crate/README.md"
# The guides the README points to, at the same relative paths.
install -d "$stage/usr/share/doc/crate/docs"
install -m 0644 docs/*.md "$stage/usr/share/doc/crate/docs/"
# The _mpd._tcp announcement, for an admin to copy to /etc/avahi/services when [mpd] listens.
install -m 0644 deploy/deb/crate-mpd.service "$stage/usr/share/crate/avahi-mpd.service"
# The _http._tcp announcement of the web page, likewise once [web] listens.
install -m 0644 deploy/deb/crate-web.avahi "$stage/usr/share/crate/avahi-web.service"
# snapserver's control script for the box's stream (controlscript= cannot pass arguments).
install -m 0755 deploy/deb/snapcast-control "$stage/usr/share/crate/snapcast-control"
# What the package links and under which licences (faad2 makes the whole GPL-3).
install -m 0644 deploy/deb/copyright "$stage/usr/share/doc/crate/copyright"
install -m 0755 deploy/deb/postinst deploy/deb/prerm deploy/deb/postrm "$stage/DEBIAN/"
echo /etc/crate/crate.toml > "$stage/DEBIAN/conffiles"

# Depends: the package of every shared library the executable names (NEEDED), and of the
# one crated opens itself, found where the binaries will run (this machine, or the
# release's sysroot), so the list follows the code instead of a hand-kept copy.
package_of() {  # dpkg knows a library by one of its names: /lib or /usr/lib, link or file
  local path=$1 real candidate
  real=$(readlink -f "$path")
  for candidate in "$path" "$real" "/usr${path#/usr}" "${path#/usr}" "/usr${real#/usr}" "${real#/usr}"; do
    dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 | grep . && return 0
  done
  echo "build-deb.sh: no package owns $path" >&2
  return 1
}
package_in_sysroot() {  # sysroot.files: "path package" for every unpacked file
  local soname=$1 path
  for path in {/usr,}/lib/"$CROSS_MULTIARCH/$soname"; do
    [ -e "$sysroot$path" ] || continue
    awk -v p="$path" '$1 == p {print $2; found = 1; exit} END {exit !found}' "$sysroot.files" && return 0
  done
  echo "build-deb.sh: $soname is in no package of the $dist $arch sysroot" >&2
  return 1
}
depends=$(
  # libcurl.so.4 is opened at run time (the first Plex, stream or Last.fm request), not NEEDED.
  { "$objdump" -p "$stage/$executable" | awk '/NEEDED/ {print $2}'
    echo libcurl.so.4; } | sort -u |
    while read -r soname; do
      if [ -n "$sysroot" ]; then package_in_sysroot "$soname" || exit 1; continue; fi
      path=$(ldconfig -p | awk -v s="$soname" '$1 == s {print $NF; exit}')
      [ -n "$path" ] || { echo "build-deb.sh: $soname not found on this machine" >&2; exit 1; }
      package_of "$path" || exit 1
    done | sort -u | paste -sd, | sed 's/,/, /g'
)
[ -n "$depends" ] || { echo "build-deb.sh: could not work out Depends" >&2; exit 1; }
# libc6 at the newest symbol version the binaries call: a toolchain built on a newer
# glibc (the cross one is) cannot then slip in a call that the release would fail on at
# run time; apt refuses the package instead.
glibc=$("$objdump" -T "$stage/$executable" |
  grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -Vu | tail -1)
[ -n "$glibc" ] || { echo "build-deb.sh: no glibc symbol versions found in the binaries" >&2; exit 1; }
depends=$(echo "$depends" | sed "s/\blibc6\b/libc6 (>= $glibc)/")

# The changelog (Debian policy 12.7; changelog.Debian.gz, as the version has a Debian
# revision): the shared history, under an entry for this release's build (its version
# and the maintainer; the commit's date, so a rebuild of the same tree is the same), and
# an entry saying so when --version asked for another version (the boot test's upgrade).
maintainer=$(sed -n 's/^ -- \(.*>\)  .*/\1/p' deploy/deb/changelog | head -1)
date=$(git log -1 --format=%cD 2>/dev/null || date -R)
entry() { printf 'crate (%s) %s; urgency=medium\n\n  * %s\n\n -- %s  %s\n\n' "$1" "$dist" "$2" "$maintainer" "$3"; }
{ if [ "$version" != "$release_version" ]; then
    entry "$version" "Built from the source tree at $(git describe --always --dirty 2>/dev/null || echo unknown)." "$(date -R)"
  fi
  entry "$release_version" "$DIST_CHANGES" "$date"
  cat deploy/deb/changelog; } | gzip -9n > "$stage/usr/share/doc/crate/changelog.Debian.gz"
chmod 0644 "$stage/usr/share/doc/crate/changelog.Debian.gz"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: crate
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends, adduser, init-system-helpers (>= 1.54), udev
Recommends: alsa-utils, gpiod, console-setup-linux, snapserver, snapclient
Section: sound
Priority: optional
Description: headless album player for a box that plugs into a stereo
 crated plays albums start to finish, gapless, through ALSA on a real-time
 thread, picked with GPIO buttons and a knob, shown on a small framebuffer
 display, from local music folders (FLAC, ALAC, AAC, Vorbis, Opus, MP3) and a
 Plex server. crate-admin administers it.
CONTROL

# md5sums of every file but the conffile (dpkg --verify, debsums).
(cd "$stage" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$stage/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/crate_${version}_${arch}.deb"
# root:root whoever builds it; xz keeps the download small for the board.
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
