#!/usr/bin/env bash
# Static checks of what the .deb installs, run by the test command:
# - `systemd-analyze verify` of crated.service and crate-web.service as installed (the package unpacked into
#   a scratch root beside this machine's own units, so ExecStart points at the real,
#   packaged binaries). verify only warns on bad lines, so any output fails the check.
# - a lint of the udev rules (deploy/lint-udev.py).
# - the control file: conffile, maintainer scripts, no world-writable files.
# - crated, crate-admin and crate-web are links to the one executable.
# - lintian, Debian's own package checker: no error and no warning (information and
#   pedantic tags are not failures).
#
#   bash deploy/check-packaging.sh path/to/crate_V_ARCH.deb
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$1
root=$(mktemp -d)
control=$(mktemp -d)
trap 'rm -rf "$root" "$control"' EXIT

dpkg-deb -x "$deb" "$root"
mkdir -p "$root/usr/lib/systemd" "$root/etc/systemd/system"
cp -a /lib/systemd/system "$root/usr/lib/systemd/"
for unit in crated.service crate-web.service; do
  report=$(systemd-analyze --root="$root" verify "$unit" 2>&1) || true
  if [ -n "$report" ]; then
    echo "FAIL systemd-analyze verify $unit:"
    echo "$report"
    exit 1
  fi
  echo "ok   systemd-analyze verify $unit"
done

# The groups the rules name are created by postinst when missing.
python3 deploy/lint-udev.py --create gpio --create crate "$root/usr/lib/udev/rules.d/60-crate.rules"
echo "ok   udev rules lint"

dpkg-deb -e "$deb" "$control"
grep -qx /etc/crate/crate.toml "$control/conffiles" || { echo "FAIL /etc/crate/crate.toml is not a conffile"; exit 1; }
for script in postinst prerm postrm; do
  sh -n "$control/$script" || { echo "FAIL $script: syntax"; exit 1; }
done
wrapper="$root/usr/share/crate/snapcast-control"
{ [ -x "$wrapper" ] && sh -n "$wrapper"; } || { echo "FAIL /usr/share/crate/snapcast-control: missing, not executable or bad syntax"; exit 1; }
if writable=$(find "$root" -perm -0002 ! -type l | grep .); then
  echo "FAIL world-writable files in the package: $writable"
  exit 1
fi
echo "ok   conffile, maintainer scripts, permissions"

# One executable, three names (Sources/crate): what the units, the man pages and the
# admin call must be links that reach it, and it must be the package's only program.
exe=usr/libexec/crate/crate
[ -f "$root/$exe" ] && [ -x "$root/$exe" ] || { echo "FAIL no executable /$exe"; exit 1; }
for name in crated crate-admin crate-web; do
  if [ ! -L "$root/usr/bin/$name" ] || [ "$(readlink -f "$root/usr/bin/$name")" != "$(readlink -f "$root/$exe")" ]; then
    echo "FAIL /usr/bin/$name is not a link to /$exe"; exit 1
  fi
done
if others=$(find "$root/usr/bin" "$root/usr/libexec" -type f ! -path "$root/$exe" | grep .); then
  echo "FAIL more programs than the one executable: $others"; exit 1
fi
echo "ok   crated, crate-admin and crate-web are links to /$exe"

command -v lintian >/dev/null || apt-get install -y -qq --no-install-recommends lintian >/dev/null
# Root is how CI and the box's builder run; lintian only says it would rather not.
lint=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v '^running with root privileges' || true)
if grep -qE '^(E|W): ' <<<"$lint"; then
  echo "FAIL lintian:"; echo "$lint"
  exit 1
fi
echo "ok   lintian: no error or warning"
