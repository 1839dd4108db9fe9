#!/usr/bin/env bash
# Installs the Debian packages Crate builds, runs and is tested with. Idempotent.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/packages.sh"
packages=(
  pkg-config "${CRATE_BUILD_LIBS[@]}"       # build: the C libraries' headers (packages.sh)
  console-setup-linux                       # run: Terminus console fonts for the display
  alsa-utils                                # aplay -l, amixer: checking the box's card
  lame sox                                  # demo album and test material
  flac vorbis-tools opus-tools              # tests: each format's own encoder and reference decoder
  ffmpeg                                    # tests: AAC and ALAC .m4a encoding, reference decodes
  mpg123                                    # tests: independent reference decodes
  mp3gain                                   # tests: the APEv2 ReplayGain tag as mp3gain writes it
  sqlite3                                   # tests: integrity checks after kill -9
  python3-mutagen                           # tests: ID3v2.2/2.3/2.4 tag variants for CrateFormats
  python3                                   # tests: the local Plex and HTTP stand-in servers
  util-linux                                # tests: setpriv/prlimit drop real-time rights
  binutils                                  # package: strip, objdump (the .deb's Depends)
  systemd                                   # package checks: systemd-analyze verify
  mpd mpc python3-mpd                       # tests: the MPD listener beside the real MPD and its clients
  ncmpcpp tmux                              # tests: a full-screen MPD client against crated
  jackd2 libasound2-plugins                 # tests: a clocked ALSA device without a card (the jack plugin on jackd's dummy backend)
  chromium chromium-driver python3-selenium # tests: the web page in a real browser (Tests/Web/browser_test.py)
  snapserver snapclient                     # tests: multi-room: crated as a snapcast source (rooms captured to files), rooms, stream control and metadata
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [ -x "$dir/swift" ] && export PATH="$PATH:$dir"
  done
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "error: no Swift toolchain found. Crate needs Swift 6 (swift.org's Debian 12 tarball," >&2
  echo "unpacked at /opt/swift); Debian 12 does not package it." >&2
  exit 1
fi
# libgpiod's API changed in v2 (Debian 13); its major version here picks the controls' GPIO
# code (Package.swift reads CRATE_LIBGPIOD): 1 on Debian 12, 2 on Debian 13.
CRATE_LIBGPIOD=$(pkg-config --modversion libgpiod)
export CRATE_LIBGPIOD=${CRATE_LIBGPIOD%%.*}
