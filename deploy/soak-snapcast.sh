#!/usr/bin/env bash
# The snapcast soak (not CI): the two-room sweep check and the tests that used to miss now
# and then, each run RUNS times in a row, round by round, optionally with a CPU hog
# (`yes > /dev/null`) beside them; prints every miss and the count of misses per test.
# Usage: deploy/soak-snapcast.sh [RUNS] (env HOG=1 for the CPU hog; RUNS defaults to 50;
# SOAK_ONLY="Class.test ..." runs only those).
# The output of each missed run is kept under $SOAK_DIR (default /tmp/crate-soak-snapcast).
set -u
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
runs=${1:-50}
out=${SOAK_DIR:-/tmp/crate-soak-snapcast}
tests=(
  "SnapcastOutputTests.testTheSweepAlbumReachesBothRoomsWholeAndInOrder"
  "CrateFreshnessTests.testThirtyAlbumsPlayOnPastTheCrateWithNoRepeatAndPastAnOfflineAlbum"
  "PlexKeepTests.testKeepingAlbumsOfflineFromTheCommandLineAndTheKnob"
)
if [ -n "${SOAK_ONLY:-}" ]; then read -r -a tests <<<"$SOAK_ONLY"; fi
mkdir -p "$out"
swift build --build-tests >"$out/build.log" 2>&1 || { echo "soak: the build failed (see $out/build.log)"; exit 1; }

hog=
if [ "${HOG:-0}" = 1 ]; then
  yes >/dev/null &
  hog=$!
  trap 'kill "$hog"' EXIT
  echo "soak: CPU hog beside the tests (yes > /dev/null, pid $hog)"
fi
echo "soak: $runs rounds of ${#tests[@]} tests on $(nproc) cores; start $(date -u +%H:%M:%S) UTC, $(uptime | sed 's/.*load/load/')"

declare -A misses done
# The counts so far, also when the soak is stopped early (kill -TERM, ^C).
summary() {
  local total=0
  for t in "${tests[@]}"; do
    echo "soak: ${misses[$t]} misses in ${done[$t]} runs: $t"
    total=$((total + misses[$t]))
  done
  echo "soak: $total misses in all; end $(date -u +%H:%M:%S) UTC, $(uptime | sed 's/.*load/load/')"
  [ "$total" = 0 ]
}
trap 'echo "soak: stopped early"; summary; exit 2' TERM INT
for t in "${tests[@]}"; do misses[$t]=0; done
for t in "${tests[@]}"; do done[$t]=0; done
for round in $(seq 1 "$runs"); do
  for t in "${tests[@]}"; do
    log="$out/${t%%.*}-$round.txt"
    if swift test --skip-build --disable-swift-testing --filter "$t" >"$log" 2>&1 \
        && grep -q "Executed 1 test, with 0 failures" "$log"; then
      rm -f "$log"
    else
      misses[$t]=$((misses[$t] + 1))
      echo "round $round: MISS $t ($log)"
      grep -E "error:" "$log" | cut -c1-300 | head -4
    fi
    done[$t]=$((done[$t] + 1))
  done
  echo "round $round done $(date -u +%H:%M:%S), $(uptime | sed 's/.*load/load/')"
done
summary
