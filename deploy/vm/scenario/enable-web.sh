#!/bin/bash
# The boot test's network (boot.sh --forward): the admin's edits that put the page on the
# VM's NIC. systemd-networkd gives the virtio NIC qemu's user-mode address (static, so
# no DHCP wait: 10.0.2.15, the host is 10.0.2.2) and crate.toml's [web] listen names it,
# with a password.
# Only the boot test runs this: the power-cut test boots without a NIC.
# Run in the image after the package is installed (and after edit-config.sh).
set -euo pipefail
conf=/etc/crate/crate.toml
mkdir -p /etc/systemd/network
cat > /etc/systemd/network/10-crate-vm.network <<'NET'
[Match]
Type=ether

[Network]
Address=10.0.2.15/24
Gateway=10.0.2.2
NET
systemctl enable systemd-networkd.service
sed -i 's|^# listen = "0.0.0.0:8080"$|listen = "10.0.2.15:8080"|' "$conf"
grep -qxF 'listen = "10.0.2.15:8080"' "$conf" ||
  { echo "enable-web: [web] listen not set: the packaged crate.toml changed" >&2; exit 1; }
# A page on the network has a password, as doctor asks (check-web.py signs in with it).
sed -i '/^\[web\]$/,/^\[snapcast\]$/ s|^password = ""$|password = "crate-vm-page"|' "$conf"
grep -qxF 'password = "crate-vm-page"' "$conf" ||
  { echo "enable-web: [web] password not set: the packaged crate.toml changed" >&2; exit 1; }
/usr/bin/crated --config "$conf" --check-config
mkdir -p /etc/crate-vm
touch /etc/crate-vm/web   # guest-stages.sh: the page's checks run
