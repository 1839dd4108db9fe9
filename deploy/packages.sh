# Sourced by install-deps.sh and the arm64 sysroot (deploy/arm64/prepare.sh): the Debian
# packages Crate builds against, named once so the native machine and the cross sysroot
# cannot drift apart.
CRATE_BUILD_LIBS=(
  libasound2-dev libmpg123-dev              # ALSA and libmpg123 headers
  libflac-dev libvorbis-dev                 # FLAC and Ogg Vorbis decoding
  libopusfile-dev libfaad-dev               # Opus and AAC decoding
  libsqlite3-dev                            # the library cache
  libgpiod-dev                              # buttons and the Crate Dial (libgpiod v1)
  libcurl4-openssl-dev                      # HTTP for Plex (streams, downloads, sync)
  libturbojpeg0-dev libpng-dev zlib1g-dev   # cover art, display snapshots, console fonts
  libsoxr-dev                               # resampling for a snapcast stream
)
