# What run.sh and library.sh share; sourced by both (bash, set -euo pipefail).
# Sets BENCH (this folder), ROOT (the package) and OUT (bench/out), and defines
#   log MESSAGE...                      "== MESSAGE"
#   bench_traps RUNDIR PATTERN          stop what we started, now (an interrupted run's
#                                       leftovers) and on exit: see cleanup below
#   need_packages PKG...                apt-get install those not installed yet
#   swift_release ARGS...               swift build in release with the static stdlib (in $ROOT)
#   build PRODUCT                       swift_release --product PRODUCT, its last lines

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

# --- build (run from $ROOT) --------------------------------------------------------------
swift_release() { swift build -c release --static-swift-stdlib "$@"; }
build() { swift_release --product "$1" 2>&1 | tail -3; }
