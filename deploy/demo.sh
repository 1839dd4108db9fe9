#!/usr/bin/env bash
# Installs what Crate needs, builds it, and runs crated on a generated demo library
# (make-demo-library.sh: a dozen short albums across genres with covers, and a gapless one):
# on the real sound card when there is one, else on the null sink (playback still runs
# in real time, so status and transport behave as on the box). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/build-release.sh

demo=${CRATE_DEMO_DIR:-/tmp/crate-demo}
album="$demo/music/Crate/Demo Album"
bash deploy/make-demo-library.sh "$demo/music"
mkdir -p "$demo"
cat > "$demo/crate.toml" <<TOML
# Demo configuration: everything else is at its default (see deploy/crate.toml).
state_dir = "$demo/state"
[control]
socket = "$demo/crate.sock"
[library]
paths = ["$demo/music"]
TOML

"$bin/crated" --config "$demo/crate.toml" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT INT TERM
admin=("$bin/crate-admin" --socket "$demo/crate.sock")
for _ in $(seq 50); do [ -S "$demo/crate.sock" ] && break; sleep 0.1; done
"${admin[@]}" play "$album"
sleep 1
"${admin[@]}" status
echo
echo "crated is running (pid $pid). In another shell:"
echo "  ${admin[*]} status | watch | pause | resume | next | prev | seek 1:00"
echo "  ${admin[*]} input turn 3           (flip through the crate; then: input press knob)"
echo "  ${admin[*]} input press genre      (a genre crate) | input long knob (the Crate Dial)"
echo "  ${admin[*]} display snapshot panel.png"
echo "Ctrl-C stops it."
wait $pid
