# Sourced by build-deb.sh and the cross toolchain (deploy/arm64/): the Debian releases
# Crate is packaged for, and what differs between them. Each package is built against
# its release's own -dev packages, so its Depends name that release's libraries.
CRATE_DISTS=(trixie bookworm)
CRATE_DEFAULT_DIST=trixie

# dist_facts DIST: sets DIST_NUMBER (Debian's release number), DIST_VERSION_SUFFIX (after
# the package's revision, as Debian's backports tell releases apart: 0.1.0-1~deb13),
# DIST_GCC (the gcc whose runtime and libstdc++ the sysroot holds), DIST_GLIBC_COMPAT (1:
# Debian sid's Swift runtime needs glibc 2.38 functions that this release lacks) and
# DIST_CHANGES (the changelog line of that release's build, under 76 characters).
dist_facts() {
  case $1 in
    trixie)
      DIST_NUMBER=13 DIST_GCC=14 DIST_GLIBC_COMPAT=0
      DIST_CHANGES='Built for Debian 13 "trixie": libgpiod v2, libFLAC 14, 64-bit time_t.' ;;
    bookworm)
      DIST_NUMBER=12 DIST_GCC=12 DIST_GLIBC_COMPAT=1
      DIST_CHANGES='Built for Debian 12 "bookworm": libgpiod v1, libFLAC 12.' ;;
    *) echo "unknown Debian release '$1' (one of: ${CRATE_DISTS[*]})" >&2; return 64 ;;
  esac
  DIST_VERSION_SUFFIX="~deb$DIST_NUMBER"
}
