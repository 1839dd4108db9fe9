# Sourced after lib.sh by the scripts that put the simulated hardware into a guest
# (build-base.sh for the test VMs, deploy/image/test-hook.sh for the card image's test):
# Debian's kernel packages for the guest's architecture, and the modules the simulated
# hardware needs that Debian's kernels do not build.

# foreign_apt DIR MIRROR: a private apt root in DIR (its own lists and cache, the host's
# keyring) for VM_DIST's packages of VM_ARCH and the host's architecture, updated and
# exported as APT_CONFIG: the host's dpkg never learns about the foreign architecture,
# and the host's apt, which sees only its own release, is never asked for another's.
foreign_apt() {
  local A=$1 mirror=$2 opts
  mkdir -p "$A"/{lists/partial,archives/partial,parts}
  : >"$A/status"
  opts="[arch=$VM_ARCH,$VM_HOST_ARCH signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]"
  printf 'deb %s %s main\n' "$opts $mirror" "$VM_DIST" "$opts $mirror" "$VM_DIST-updates" \
    "$opts ${mirror%/debian}/debian-security" "$VM_DIST-security" >"$A/sources.list"
  cat >"$A/apt.conf" <<EOF2
Dir::State::Lists "$A/lists"; Dir::State::status "$A/status"; Dir::Cache "$A";
Dir::Cache::archives "$A/archives"; Dir::Etc::SourceList "$A/sources.list";
Dir::Etc::SourceParts "$A/parts"; APT::Architecture "$VM_ARCH";
APT::Architectures { "$VM_ARCH"; "$VM_HOST_ARCH"; };
EOF2
  export APT_CONFIG=$A/apt.conf
  apt-get update -qq
}

# kernel_debs DIR DEBVER PACKAGE...: each PACKAGE (name[:arch]) at Debian version DEBVER
# downloaded into DIR unless there already; never installed on the host.
kernel_debs() {
  local dir=$1 debver=$2 p; shift 2
  mkdir -p "$dir"
  (cd "$dir"
   for p in "$@"; do
     ls "${p%:*}_${debver}"_*.deb >/dev/null 2>&1 || apt-get download -qq -o APT::Sandbox::User=root "$p=$debver"
   done)
}
# The packages a module build against KVER needs: its headers and their -common twin,
# kbuild's host programs (the host's architecture) and the source. Debian 12 names
# kbuild by series (linux-kbuild-6.1), Debian 13 by the ABI (linux-kbuild-6.12.48+deb13).
kernel_build_packages() {
  local abi=${1%-"$VM_ARCH"} series kbuild
  series=$(echo "$1" | cut -d. -f1,2)
  kbuild=linux-kbuild-$series
  [[ $series == 6.1 ]] || kbuild=linux-kbuild-$abi
  echo "linux-headers-$1 linux-headers-$abi-common $kbuild:$VM_HOST_ARCH linux-source-$series"
}

# A kernel of the host's own release builds its modules with the host's compiler and
# kbuild; another release's (Debian 13's 6.12: gcc 14, kbuild linked against its glibc)
# in a root of that release, the kbuild root (cached in $VM_WORK/kbuild-root).
sim_modules_in_root() { [[ $(echo "$1" | cut -d. -f1,2) != 6.1 ]]; }

# The host packages sim_modules builds with (a cross compiler for a foreign guest).
sim_modules_build_pkgs() {
  echo gcc-12 make libelf-dev kmod xz-utils
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] || echo gcc-12-aarch64-linux-gnu binutils-aarch64-linux-gnu
}

# kbuild_root DIR: a trixie root of the host's architecture in DIR with what a module
# build needs (gcc 14, a cross one for a foreign guest; pahole for the modules' BTF), from
# the cache when it is there.
kbuild_root() {
  local inc=gcc-14,make,libc6-dev,libelf-dev,kmod,xz-utils,zstd,dwarves
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] || inc+=,gcc-14-aarch64-linux-gnu,binutils-aarch64-linux-gnu
  cached_root "$VM_WORK/kbuild-root" "$1" "${CRATE_VM_MIRROR:-http://deb.debian.org/debian}" \
    --variant=minbase --arch="$VM_HOST_ARCH" --include="$inc" trixie
}

# sim_modules K KVER DEBDIR DEBVER: gpio-sim (in no Debian kernel) and vfb (in the amd64
# kernel, not the arm64 one) built against KVER, cross-compiled for a foreign guest, into
# K/lib/modules/KVER/extra; the headers are unpacked under K (or the kbuild root, K/kbuild).
# The packages are in DEBDIR at DEBVER (kernel_debs). The source tarball is streamed for
# the few files needed, never stored.
sim_modules() {
  local K=$1 kver=$2 dir=$3 debver=$4 p cross= srcs series root= hdr_in
  series=$(echo "$kver" | cut -d. -f1,2)
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] || cross=aarch64-linux-gnu-
  mkdir -p "$K/src"
  if sim_modules_in_root "$kver"; then
    root=$K/kbuild
    kbuild_root "$root" || die "the kbuild root did not build (see $VM_WORK/kbuild-root.log)"
  fi
  for p in $(kernel_build_packages "$kver"); do
    [[ ${p%:*} == "linux-source-$series" ]] || dpkg-deb -x "$(echo "$dir/${p%:*}_${debver}_"*.deb)" "${root:-$K}"
  done
  hdr_in=/usr/src/linux-headers-$kver
  local hdr=${root:-$K}$hdr_in
  srcs=(drivers/gpio/gpio-sim.c drivers/gpio/gpiolib.h kernel/irq/irq_sim.c)
  grep -q '^CONFIG_FB_VIRTUAL=[ym]' "$hdr/.config" || srcs+=(drivers/video/fbdev/vfb.c)
  dpkg-deb --fsys-tarfile "$(echo "$dir/linux-source-${series}_${debver}_"*.deb)" \
    | tar -xOf - "./usr/src/linux-source-$series.tar.xz" \
    | tar -xJf - -C "$K/src" --strip-components=1 "${srcs[@]/#/linux-source-$series/}"
  # gpio-sim with the irq simulator it needs, as one module (unless the kernel has the
  # simulator built in). irq_to_desc() is not exported to modules, so call the exported
  # generic_handle_irq(), which runs the same handle_simple_irq handler.
  local M=${root:-$K}/gpio-sim
  mkdir -p "$M"
  cp "$K/src/drivers/gpio/gpio-sim.c" "$M/gpio-sim-main.c"
  cp "$K/src/drivers/gpio/gpiolib.h" "$M/"
  if grep -q '^CONFIG_IRQ_SIM=y' "$hdr/.config"; then
    printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o\n' >"$M/Kbuild"
  else
    cp "$K/src/kernel/irq/irq_sim.c" "$M/"
    sed -i 's/handle_simple_irq(irq_to_desc(\([a-z_]*\)))/generic_handle_irq(\1)/' "$M/irq_sim.c"
    grep -q 'generic_handle_irq(' "$M/irq_sim.c" && ! grep -q 'irq_to_desc' "$M/irq_sim.c" \
      || die "irq_sim.c patch did not apply (source changed?)"
    printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' >"$M/Kbuild"
  fi
  if [[ -f $K/src/drivers/video/fbdev/vfb.c ]]; then
    cp "$K/src/drivers/video/fbdev/vfb.c" "$M/"
    echo 'obj-m += vfb.o' >>"$M/Kbuild"
  fi
  local rc=0
  if [[ -n $root ]]; then
    chroot_mount "$root"
    chroot "$root" make -s -C "$hdr_in" M=/gpio-sim CROSS_COMPILE="$cross" modules >"$K/module.log" 2>&1 || rc=$?
    chroot_umount "$root"
  else
    sed -i "s|/usr/src/|$K/usr/src/|" "$hdr/Makefile"   # headers include their -common twin
    make -s -C "$hdr" M="$M" CROSS_COMPILE="$cross" modules >"$K/module.log" 2>&1 || rc=$?
  fi
  ((rc == 0)) || { cat "$K/module.log" >&2; die "the simulated hardware's modules did not build for $kver"; }
  mkdir -p "$K/lib/modules/$kver/extra"
  cp "$M"/*.ko "$K/lib/modules/$kver/extra/"
  log "$(cd "$M" && echo *.ko) built for $kver"
}
