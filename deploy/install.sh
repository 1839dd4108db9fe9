#!/usr/bin/env bash
# Installs Crate on the box itself (run as root from a checkout): builds the .deb and
# installs it with apt, which pulls in the libraries, creates user crate (groups audio,
# gpio, video), installs the unit and udev rules and starts crated. Re-runnable: an
# edited /etc/crate/crate.toml is kept (it is a conffile).
set -euo pipefail
cd "$(dirname "$0")/.."
# The package for this box's own Debian release, built with this box's own Swift.
deb=$(bash deploy/build-deb.sh --dist "$(. /etc/os-release && echo "$VERSION_CODENAME")" | tail -1)
DEBIAN_FRONTEND=noninteractive apt-get install -y --reinstall "$(realpath "$deb")"
crated --config /etc/crate/crate.toml --check-config
echo "Crate $(dpkg-query -W -f '${Version}' crate) installed. Add admins to group crate: adduser USER crate"
echo "Check the box with: crate-admin doctor"
