#!/bin/bash
# After scenario/edit-config.sh (the VM's hardware and music): crated signs in to the
# Plex stand-in on 127.0.0.1:32400 and downloads only the album playing, so each Plex
# cut starts a download of its own album.
set -euo pipefail
conf=/etc/crate/crate.toml
sed -i \
  -e 's|^tv_url = "https://plex.tv"|tv_url = "http://127.0.0.1:32400"|' \
  -e 's|^download_ahead = 2|download_ahead = 0|' \
  "$conf"
for want in 'tv_url = "http://127.0.0.1:32400"' 'download_ahead = 0'; do
  grep -qxF "$want" "$conf" || { echo "powercut edit-config: '$want' not applied: the packaged crate.toml changed" >&2; exit 1; }
done
/usr/bin/crated --config "$conf" --check-config
