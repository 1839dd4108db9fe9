#!/bin/bash
# Before crated starts (crate-powercut-snapshot.service): copies the databases as the
# power cut left them, with their -wal, to /run (tmpfs), so the integrity check sees
# exactly that, not what crated's start-up recovery may make of it.
set -euo pipefail
rm -rf /run/crate-powercut
mkdir -p /run/crate-powercut
shopt -s nullglob
for f in /var/lib/crate/*.sqlite /var/lib/crate/*.sqlite-wal /var/lib/crate/*.sqlite-journal; do
  cp -p "$f" /run/crate-powercut/
done
ls -la /var/lib/crate /var/lib/crate/plex-cache/* 2>/dev/null || true
