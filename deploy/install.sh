#!/usr/bin/env bash
# Installs Crate on the box itself (run as root from a checkout): release binaries,
# user and groups, config, systemd unit and udev rules. Re-runnable; keeps an
# existing /etc/crate/crate.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/build-release.sh
install -s -m 0755 "$bin/crated" "$bin/crate-admin" /usr/local/bin/  # stripped: ~15 MB less

for group in crate audio gpio video; do getent group "$group" >/dev/null || groupadd --system "$group"; done
id crate >/dev/null 2>&1 || useradd --system --gid crate --groups audio,gpio,video \
  --home-dir /var/lib/crate --shell /usr/sbin/nologin crate

install -d -m 0755 /etc/crate
[ -f /etc/crate/crate.toml ] || install -m 0644 deploy/crate.toml /etc/crate/crate.toml
crated --config /etc/crate/crate.toml --check-config

install -d -m 0755 /usr/local/share/doc/crate
install -m 0644 README.md deploy/crate.toml /usr/local/share/doc/crate/
install -m 0644 systemd/crated.service /etc/systemd/system/crated.service
install -m 0644 udev/60-crate.rules /etc/udev/rules.d/60-crate.rules
if [ -d /run/systemd/system ]; then
  udevadm control --reload-rules && udevadm trigger || true
  systemctl daemon-reload
  systemctl enable --now crated.service
  echo "crated installed and started. Add admins to group crate: usermod -aG crate USER"
else
  echo "installed; no systemd running here, so crated was not started"
fi
