#!/bin/bash
# crate-firstboot.service: the new card's own identity (machine id, SSH host keys) on its
# first boot, and the settings of /boot/firmware/crate-settings.txt whenever that file
# exists (docs/admin-guide.md, "The card image for a Raspberry Pi"). The settings are checked as a whole before
# anything is changed: a file with an error changes nothing, is renamed to
# crate-settings.rejected.txt and the reasons are written beside it in
# crate-settings.errors.txt (and the journal). An applied file is removed: it may hold a
# Wi-Fi password. The root and the boot partition are read-write only while this runs.
set -euo pipefail
BOOT=/boot/firmware
SETTINGS=$BOOT/crate-settings.txt
FLAG=/etc/crate-image/first-boot
CONFIG=/etc/crate/crate.toml
log() { echo "crate-firstboot: $*"; }
# A value as sed's replacement text (the s||| commands below).
sed_text() { local v=${1//\\/\\\\}; v=${v//&/\\&}; echo "${v//|/\\|}"; }

remount() { mount -o "remount,$1" / && mount -o "remount,$1" "$BOOT"; }
# Back to read-only however this ends; a file still open for writing would keep the
# root writable until the next boot, which is said rather than hidden.
trap 'sync; remount ro || log "error: could not remount / and $BOOT read-only (they will be at the next boot)"' EXIT
remount rw

if [[ -e $FLAG ]]; then
  # Every card starts from the same image: its own machine id and SSH host keys.
  systemd-machine-id-setup --commit >/dev/null 2>&1 || systemd-machine-id-setup
  rm -f /etc/ssh/ssh_host_*
  ssh-keygen -A >/dev/null
  rm "$FLAG"
  log "machine id $(cat /etc/machine-id), new SSH host keys"
fi

if [[ -f $SETTINGS ]]; then
  errors=() ssh_keys=() music=()
  hostname= user= password= wifi_ssid= wifi_password= wifi_country= timezone= plex_server=
  n=0
  while IFS= read -r line || [[ -n $line ]]; do
    n=$((n + 1))
    line=${line%$'\r'}                                   # written on Windows
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    if [[ ! $line =~ ^[[:space:]]*([a-z_]+)[[:space:]]*=[[:space:]]*(.*[^[:space:]])?[[:space:]]*$ ]]; then
      errors+=("line $n: not 'key = value': $line"); continue
    fi
    key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    [[ $value =~ ^\"(.*)\"$ ]] && value=${BASH_REMATCH[1]}
    case $key in
      hostname)
        [[ $value =~ ^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$ ]] \
          || errors+=("line $n: hostname '$value': letters, digits and inner '-', at most 63")
        hostname=$value ;;
      user)
        [[ $value =~ ^[a-z][a-z0-9-]{0,30}$ && $value != crate && $value != root ]] \
          || errors+=("line $n: user '$value': lower-case letters, digits, '-'; not crate or root")
        user=$value ;;
      password) [[ -n $value ]] || errors+=("line $n: empty password"); password=$value ;;
      ssh_key)
        [[ $value =~ ^(ssh-(ed25519|rsa)|ecdsa-sha2-nistp(256|384|521)|sk-[a-z0-9@.-]+)\ [A-Za-z0-9+/=]+(\ .*)?$ ]] \
          || errors+=("line $n: ssh_key is not an OpenSSH public key line")
        ssh_keys+=("$value") ;;
      wifi_ssid) [[ ${#value} -ge 1 && ${#value} -le 32 ]] || errors+=("line $n: wifi_ssid: 1 to 32 characters")
        wifi_ssid=$value ;;
      wifi_password) [[ ${#value} -ge 8 && ${#value} -le 63 ]] || errors+=("line $n: wifi_password: 8 to 63 characters")
        wifi_password=$value ;;
      wifi_country) [[ $value =~ ^[A-Z]{2}$ ]] || errors+=("line $n: wifi_country '$value': two capital letters, e.g. GB")
        wifi_country=$value ;;
      timezone)
        [[ $value =~ ^[A-Za-z0-9_+/-]+$ && -f /usr/share/zoneinfo/$value ]] \
          || errors+=("line $n: timezone '$value' is not in /usr/share/zoneinfo (e.g. Europe/London)")
        timezone=$value ;;
      plex_server)
        [[ $value =~ ^https?://[^[:space:]\"]+$ ]] || errors+=("line $n: plex_server '$value': an http:// or https:// URL")
        plex_server=$value ;;
      music)
        [[ $value == /* && $value != *\"* && $value != *\\* ]] \
          || errors+=("line $n: music '$value': an absolute folder path (without quotes or backslashes)")
        music+=("$value") ;;
      *) errors+=("line $n: unknown setting '$key'") ;;
    esac
  done <"$SETTINGS"
  [[ -n $wifi_ssid && -z $wifi_password ]] && errors+=("wifi_ssid without wifi_password")
  [[ -z $wifi_ssid && -n $wifi_password ]] && errors+=("wifi_password without wifi_ssid")
  [[ -n $wifi_ssid && -z $wifi_country ]] && errors+=("wifi_ssid without wifi_country (the radio stays off without one)")
  [[ -z $user && ( -n $password || ${#ssh_keys[@]} -gt 0 ) ]] && errors+=("password or ssh_key without user")

  if ((${#errors[@]})); then
    printf '%s\n' "crate-settings.txt was not applied (nothing changed):" "${errors[@]}" >"$BOOT/crate-settings.errors.txt"
    mv "$SETTINGS" "$BOOT/crate-settings.rejected.txt"
    for e in "${errors[@]}"; do log "error: crate-settings.txt $e"; done
    exit 1
  fi

  if [[ -n $hostname ]]; then
    echo "$hostname" >/etc/hostname
    printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' "$hostname" >/etc/hosts
    echo "$hostname" >/proc/sys/kernel/hostname
    log "host name $hostname"
  fi
  if [[ -n $user ]]; then
    # Home folders are on the data partition (/home is bound from /data/home).
    id "$user" >/dev/null 2>&1 || useradd -m -s /bin/bash -G sudo,crate,audio "$user"
    [[ -n $password ]] && echo "$user:$password" | chpasswd
    if ((${#ssh_keys[@]})); then
      home=$(getent passwd "$user" | cut -d: -f6)
      install -d -m 700 -o "$user" -g "$user" "$home/.ssh"
      printf '%s\n' "${ssh_keys[@]}" >>"$home/.ssh/authorized_keys"
      chown "$user:$user" "$home/.ssh/authorized_keys"; chmod 600 "$home/.ssh/authorized_keys"
    fi
    if [[ -z $password ]]; then
      # A key and no password: sudo could never be answered, so it asks for none.
      echo "$user ALL=(ALL) NOPASSWD: ALL" >"/etc/sudoers.d/crate-$user"
      chmod 440 "/etc/sudoers.d/crate-$user"
    fi
    log "user $user (groups sudo, crate, audio)${password:+, password set}, ${#ssh_keys[@]} SSH key(s)"
  fi
  if [[ -n $wifi_ssid ]]; then
    conf=/etc/wpa_supplicant/wpa_supplicant-wlan0.conf
    umask 077
    { echo "ctrl_interface=DIR=/run/wpa_supplicant GROUP=netdev"; echo "country=$wifi_country"
      wpa_passphrase "$wifi_ssid" "$wifi_password" | grep -v '^[[:space:]]*#psk='; } >"$conf"
    umask 022
    # wpa_supplicant@wlan0 starts when wlan0 appears, once this file exists (the image's
    # sys-subsystem-net-devices-wlan0.device.wants and its ConditionPathExists): never
    # waited for, so a Pi with its Wi-Fi off still boots to music.
    log "Wi-Fi network '$wifi_ssid' (country $wifi_country)"
  fi
  if [[ -n $timezone ]]; then
    ln -sf "/usr/share/zoneinfo/$timezone" /etc/localtime
    echo "$timezone" >/etc/timezone
    log "time zone $timezone"
  fi
  # crate.toml: only the two lines these settings own ([plex] server_url, [library] paths).
  if [[ -n $plex_server ]]; then
    sed -i "/^\[plex\]/,/^\[/ s|^#\?server_url = .*|server_url = \"$(sed_text "$plex_server")\"|" "$CONFIG"
    grep -qx "server_url = \"$plex_server\"" "$CONFIG" || { log "error: no server_url line in $CONFIG"; exit 1; }
    log "Plex server $plex_server"
  fi
  if ((${#music[@]})); then
    list=$(printf '"%s", ' "${music[@]}"); list="[${list%, }]"
    sed -i "/^\[library\]/,/^\[/ s|^paths = .*|paths = $(sed_text "$list")|" "$CONFIG"
    grep -qxF "paths = $list" "$CONFIG" || { log "error: no [library] paths line in $CONFIG"; exit 1; }
    log "music folders $list"
  fi
  rm "$SETTINGS"
  log "crate-settings.txt applied and removed"
fi
