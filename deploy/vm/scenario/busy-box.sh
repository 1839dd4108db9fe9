# Sourced by guest-stages.sh: the busy box. While boot 1's album plays, the box itself is
# made busy the way its owner would: full library scans one after another
# (`crate-admin library scan --full`), the page open (its live event stream) and fetched
# in a loop when the page is on (/etc/crate-vm/web), and a CPU hog at normal priority per
# vCPU (`sha256sum /dev/zero`). crated's writer is SCHED_FIFO, the scan runs at idle
# priority: none of it may cost the playback a sample (the stage's underrun check and the
# host's sample-exact capture check cover the busy time).
#
# The check's own test: /etc/crate-vm/busy-hog-fifo holding a priority (boot-test.sh
# writes it from CRATE_VM_BUSY_HOG_FIFO) runs each hog at that SCHED_FIFO priority instead,
# above the writer's 40, for 3 s (the box comes back): the run must then fail, the capture
# differing from the reference (seen: from 5.8 s into the album; the underrun count stayed
# 0 there, the loopback card's timer being held up with the writer).

# busy_start OUT SECONDS: starts the load, which ends itself after SECONDS (the rest of
# the album: the stage's own polls are slow on a busy box, so they do not time it); its
# records go to OUT/busy-*.
busy_start() {
  local out=$1 seconds=$2 i hog_fifo pids=() hogs=()
  busy_out=$out busy_started=$(date +%s.%N)
  # Scans back to back; each finished scan's report (one JSON line) is kept. Stopped,
  # the loop stops its waiting crate-admin too (the scan goes on in crated).
  ( scan=
    trap '[ -n "$scan" ] && kill "$scan" 2>/dev/null; exit 0' TERM
    while :; do
      date +%s.%N >> "$out/busy-scans-started"
      crate-admin --json library scan --full >> "$out/busy-scans.jsonl" 2>> "$out/busy-scans.err" &
      scan=$!
      wait "$scan" || sleep 0.5
    done ) &
  pids+=($!)
  if [ -e /etc/crate-vm/web ]; then
    python3 - "$out/busy-page.txt" <<'PY' &
# The page as a phone keeps it: the live event stream open, and its parts fetched again
# and again. Counts what answered, what failed and the events seen; written when stopped.
import json, re, signal, sys, threading, urllib.request
base = "http://10.0.2.15:8080"
# A page on the network has a password (enable-web.sh): signed in once, as a phone is.
config = open("/etc/crate/crate.toml").read()
password = re.search(r'^password = "(.*)"$', config.split("[web]", 1)[1], re.M).group(1)
login = urllib.request.Request(base + "/api/login", data=json.dumps({"password": password}).encode(),
                               headers={"Content-Type": "application/json", "Origin": base}, method="POST")
with urllib.request.urlopen(login, timeout=30) as answer:
    cookie = {"Cookie": answer.headers["Set-Cookie"].split(";")[0]}
def fetch(path, timeout):
    return urllib.request.urlopen(urllib.request.Request(base + path, headers=cookie), timeout=timeout)
counts = {"fetches": 0, "failures": 0, "events": 0}
last_failure = []
def stop(*_):
    with open(sys.argv[1], "w") as out:
        out.write(" ".join(f"{k}={v}" for k, v in counts.items()) + "\n")
        out.writelines(line + "\n" for line in last_failure[-3:])
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
def live():
    try:
        with fetch("/api/events", 60) as stream:
            for line in stream:
                if line.startswith(b"data:"):
                    counts["events"] += 1
    except Exception as error:
        last_failure.append(f"the live page's stream: {error}")
threading.Thread(target=live, daemon=True).start()
while True:
    for path in ("/", "/app.js", "/app.css", "/api/status", "/api/albums?limit=60", "/api/crate", "/api/queue"):
        try:
            with fetch(path, 10) as answer:
                body = answer.read()
                if path.startswith("/api/albums"):
                    for album in json.loads(body)["albums"]:
                        with fetch(f"/cover/{album['id']}", 10) as cover:
                            cover.read()
                        counts["fetches"] += 1
            counts["fetches"] += 1
        except Exception as error:
            counts["failures"] += 1
            last_failure.append(f"{path}: {error}")
PY
    pids+=($!)
  fi
  hog_fifo=$(cat /etc/crate-vm/busy-hog-fifo 2>/dev/null || true)
  for ((i = 0; i < $(nproc); i++)); do
    if [ -n "$hog_fifo" ]; then
      # timeout above the hog: at the hog's own priority it could not preempt it to end it.
      chrt -f 99 timeout 3 chrt -f "$hog_fifo" sha256sum /dev/zero &
    else
      sha256sum /dev/zero &
    fi
    hogs+=($!)
  done
  # The stopper: after SECONDS, the hogs' CPU time (utime + stime, /proc/PID/stat fields
  # 14 and 15, in ticks), then everything ends.
  ( sleep "$seconds"
    for pid in "${hogs[@]}"; do awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null; done > "$out/busy-hog-ticks"
    date +%s.%N > "$out/busy-stopped"
    kill "${hogs[@]}" "${pids[@]}" 2>/dev/null ) &
  busy_stopper=$! busy_hog_count=${#hogs[@]}
}

# busy_stop: waits for the load to have ended and records what ran as a check line.
busy_stop() {
  local out=$busy_out cpu seconds scans started errors page="the page is off"
  wait "$busy_stopper"
  seconds=$(awk -v a="$busy_started" -v b="$(cat "$out/busy-stopped")" 'BEGIN { printf "%.1f", b - a }')
  cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ t += $1 } END { printf "%.1f", t / hz }' "$out/busy-hog-ticks")
  started=$(cat "$out/busy-scans-started" 2>/dev/null | wc -l)
  scans=$(cat "$out/busy-scans.jsonl" 2>/dev/null | grep -c '"scan-finished"')
  errors=$(cat "$out/busy-scans.err" 2>/dev/null | wc -l)
  [ -e /etc/crate-vm/web ] && page="the page $(head -1 "$out/busy-page.txt" 2>/dev/null || echo 'recorded nothing')"
  echo "busy for $seconds s: $started full scans started, $scans finished ($errors error lines); $busy_hog_count hogs used $cpu s of CPU; $page" | tee "$out/busy.txt"
  check "the box was busy while the album played ($(cat "$out/busy.txt"))" busy_was_busy "$out" "$started" "$cpu" "$seconds"
}

# At least one full scan, the hogs on a quarter of a vCPU or more on average, and (with the
# page on) every fetch answered.
busy_was_busy() {
  local out=$1 started=$2 cpu=$3 seconds=$4
  ((started >= 1)) || return 1
  awk -v c="$cpu" -v s="$seconds" 'BEGIN { exit !(c >= s / 4) }' || return 1
  [ ! -e /etc/crate-vm/web ] || grep -Eq '^fetches=[1-9][0-9]* failures=0 ' "$out/busy-page.txt"
}
