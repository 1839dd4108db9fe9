# What the bench scripts (run.sh, library.sh, flac.sh, formats.sh) share; sourced by each
# (bash, set -euo pipefail).
# Sets BENCH (this folder), ROOT (the package) and OUT (bench/out), and defines
#   log MESSAGE...                      "== MESSAGE"
#   bench_traps RUNDIR PATTERN          stop what we started, now (an interrupted run's
#                                       leftovers) and on exit: see cleanup below
#   need_packages PKG...                apt-get install those not installed yet
#   swift_release ARGS...               swift build in release with the static stdlib (in $ROOT;
#                                       in $BENCH_SCRATCH instead of .build if that is set)
#   build PRODUCT                       swift_release --product PRODUCT, its last lines
#   bench_alsa_conf RUNDIR SERVER       the ALSA PCM routed into JACK (run.sh, flac.sh)
#   measure COMMAND...                  runs the measuring script and exits with its status

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$BENCH")
OUT=$BENCH/out

log() { printf '== %s\n' "$*"; }

# --- stopping what we started ------------------------------------------------------------
# Everything a benchmark starts leaves a pid file in one folder ($BENCH_RUN); the trap
# stops exactly those, a measuring script's own (measure.pid) first, so it starts nothing
# more. A pid is only signalled if its command line still matches $BENCH_PROCS (an ERE: the
# pids of an old run get reused).
stop_pidfile() {
    local f=$1 pid
    [ -e "$f" ] || return 0
    pid=$(cat "$f")
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qE "$BENCH_PROCS"; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$f"
}
cleanup() {
    local f
    stop_pidfile "$BENCH_RUN/measure.pid"
    for f in "$BENCH_RUN"/*.pid; do stop_pidfile "$f"; done
}
bench_traps() {  # bench_traps RUNDIR PATTERN
    BENCH_RUN=$1 BENCH_PROCS=$2
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    cleanup  # leftovers of an interrupted run
}

# --- packages ----------------------------------------------------------------------------
need_packages() {
    local p missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        log "installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# --- the JACK rig (run.sh, flac.sh) -----------------------------------------------------
# bench_alsa_conf RUNDIR SERVER: RUNDIR/asound.conf defines the PCM both players open,
# benchjack: `plug` (converts whatever format the player picks to JACK's float) over the
# ALSA jack plugin, wired to jackmon's ports; exported through ALSA_CONFIG_PATH. SERVER is
# our own JACK server name, so a jackd someone else runs is left alone.
bench_alsa_conf() {
    export JACK_DEFAULT_SERVER=$2 JACK_NO_AUDIO_RESERVATION=1
    cat >"$1/asound.conf" <<EOF
</usr/share/alsa/alsa.conf>
pcm.benchjack {
    type plug
    slave.pcm {
        type jack
        playback_ports { 0 benchmon:in_1 1 benchmon:in_2 }
    }
}
EOF
    export ALSA_CONFIG_PATH=$1/asound.conf
}

# --- build (run from $ROOT) --------------------------------------------------------------
# A build folder of its own (BENCH_SCRATCH=.build-bench) lets a benchmark build while someone
# else's `swift build` holds .build's lock, and keeps their debug build's files out of ours.
swift_release() {
    swift build -c release --static-swift-stdlib ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"} "$@"
}
# build PRODUCT: crated, crate-admin and crate-web are links to the one executable, crate
# (deploy/program-links.sh), as the package installs them.
build() {
    case $1 in
        crated | crate-admin | crate-web)
            swift_release --product crate 2>&1 | tail -3
            bash "$ROOT/deploy/program-links.sh" "$(swift_release --show-bin-path)" ;;
        *) swift_release --product "$1" 2>&1 | tail -3 ;;
    esac
}

# --- the measuring script ----------------------------------------------------------------
# measure COMMAND...: in the background, so that Ctrl-C or a TERM runs the trap at once
# rather than after it; its pid file ($BENCH_RUN/measure.pid) lets the trap stop it first.
# Exits with the command's status.
measure() {
    "$@" &
    local pid=$! status=0
    echo "$pid" >"$BENCH_RUN/measure.pid"
    wait "$pid" || status=$?
    rm -f "$BENCH_RUN/measure.pid"
    exit "$status"
}
