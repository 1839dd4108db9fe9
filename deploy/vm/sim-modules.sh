# Sourced after lib.sh by the scripts that put the simulated hardware into a guest
# (build-base.sh for the test VMs, deploy/image/test-hook.sh for the card image's test):
# Debian's kernel packages for the guest's architecture, and the modules the simulated
# hardware needs that Debian's kernels do not build.

# foreign_apt DIR MIRROR: a private apt root in DIR (its own lists and cache, the host's
# keyring) for VM_ARCH's packages and the host's, updated and exported as APT_CONFIG:
# the host's dpkg never learns about the foreign architecture.
foreign_apt() {
  local A=$1 mirror=$2 opts
  mkdir -p "$A"/{lists/partial,archives/partial,parts}
  : >"$A/status"
  opts="[arch=$VM_ARCH,$VM_HOST_ARCH signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]"
  printf 'deb %s %s main\n' "$opts $mirror" bookworm "$opts $mirror" bookworm-updates \
    "$opts ${mirror%/debian}/debian-security" bookworm-security >"$A/sources.list"
  cat >"$A/apt.conf" <<EOF
Dir::State::Lists "$A/lists"; Dir::State::status "$A/status"; Dir::Cache "$A";
Dir::Cache::archives "$A/archives"; Dir::Etc::SourceList "$A/sources.list";
Dir::Etc::SourceParts "$A/parts"; APT::Architecture "$VM_ARCH";
APT::Architectures { "$VM_ARCH"; "$VM_HOST_ARCH"; };
EOF
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
# kbuild's host programs (the host's architecture) and the source.
kernel_build_packages() {
  echo "linux-headers-$1 linux-headers-${1%-"$VM_ARCH"}-common linux-kbuild-6.1:$VM_HOST_ARCH linux-source-6.1"
}

# The host packages sim_modules builds with (a cross compiler for a foreign guest).
sim_modules_build_pkgs() {
  echo gcc-12 make libelf-dev kmod xz-utils
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] || echo gcc-12-aarch64-linux-gnu binutils-aarch64-linux-gnu
}

# sim_modules K KVER DEBDIR DEBVER: gpio-sim (in no Debian kernel) and vfb (in the amd64
# kernel, not the arm64 one) built against KVER, cross-compiled for a foreign guest, into
# K/lib/modules/KVER/extra; K gets the headers unpacked. The packages are in DEBDIR at
# DEBVER (kernel_debs). The source tarball is streamed for the few files needed, never stored.
sim_modules() {
  local K=$1 kver=$2 dir=$3 debver=$4 p cross= srcs
  [[ $VM_ARCH == "$VM_HOST_ARCH" ]] || cross=aarch64-linux-gnu-
  mkdir -p "$K/src"
  for p in $(kernel_build_packages "$kver"); do
    [[ ${p%:*} == linux-source-6.1 ]] || dpkg-deb -x "$(echo "$dir/${p%:*}_${debver}_"*.deb)" "$K"
  done
  local hdr=$K/usr/src/linux-headers-$kver
  srcs=(drivers/gpio/gpio-sim.c drivers/gpio/gpiolib.h kernel/irq/irq_sim.c)
  grep -q '^CONFIG_FB_VIRTUAL=[ym]' "$hdr/.config" || srcs+=(drivers/video/fbdev/vfb.c)
  dpkg-deb --fsys-tarfile "$(echo "$dir/linux-source-6.1_${debver}_"*.deb)" \
    | tar -xOf - ./usr/src/linux-source-6.1.tar.xz \
    | tar -xJf - -C "$K/src" --strip-components=1 "${srcs[@]/#/linux-source-6.1/}"
  # gpio-sim with the irq simulator it needs, as one module. irq_to_desc() is not exported
  # to modules, so call the exported generic_handle_irq(), which runs the same
  # handle_simple_irq handler.
  sed -i "s|/usr/src/|$K/usr/src/|" "$hdr/Makefile"   # headers include their -common twin
  local M=$K/gpio-sim
  mkdir -p "$M"
  cp "$K/src/drivers/gpio/gpio-sim.c" "$M/gpio-sim-main.c"
  cp "$K/src/drivers/gpio/gpiolib.h" "$K/src/kernel/irq/irq_sim.c" "$M/"
  sed -i 's/handle_simple_irq(irq_to_desc(\([a-z_]*\)))/generic_handle_irq(\1)/' "$M/irq_sim.c"
  grep -q 'generic_handle_irq(' "$M/irq_sim.c" && ! grep -q 'irq_to_desc' "$M/irq_sim.c" \
    || die "irq_sim.c patch did not apply (source changed?)"
  printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' >"$M/Kbuild"
  if [[ -f $K/src/drivers/video/fbdev/vfb.c ]]; then
    cp "$K/src/drivers/video/fbdev/vfb.c" "$M/"
    echo 'obj-m += vfb.o' >>"$M/Kbuild"
  fi
  make -s -C "$hdr" M="$M" CROSS_COMPILE="$cross" modules >"$K/module.log" 2>&1 \
    || { cat "$K/module.log" >&2; die "the simulated hardware's modules did not build for $kver"; }
  mkdir -p "$K/lib/modules/$kver/extra"
  cp "$M"/*.ko "$K/lib/modules/$kver/extra/"
  log "$(cd "$M" && echo *.ko) built for $kver"
}
