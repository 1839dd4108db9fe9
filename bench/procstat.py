"""What a benchmark reads about a running process from /proc: CPU time (whole process and
per thread) and resident memory (totals and per mapping). Re-exported by benchlib.

  cpu_seconds, mem_kib     a process's CPU time and memory
  thread_cpu_seconds       the same CPU time per thread, for the breakdown
  thread_cpu_per_60s       two such snapshots as seconds per 60 s, thread by thread
  rss_by_mapping           resident memory per mapping (binary, libraries, heap), from smaps
"""
import os

TICK = os.sysconf("SC_CLK_TCK")


# --- /proc -------------------------------------------------------------------------------

def cpu_seconds(pid):
    """utime + stime of the whole process (all threads, living and exited)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def _thread_runtime(pid, tid, tail):
    """A thread's CPU seconds: the scheduler's own nanosecond count (se.sum_exec_runtime in
    /proc/PID/task/TID/sched, in ms) where the kernel has it, else utime + stime, which
    /proc counts in 10 ms ticks: over a 30 s window that alone is ±0.02 s per 60 s."""
    try:
        with open(f"/proc/{pid}/task/{tid}/sched") as f:
            for line in f:
                if line.startswith("se.sum_exec_runtime"):
                    return float(line.split(":")[1]) / 1000
    except (FileNotFoundError, PermissionError):
        pass
    fields = tail.split()
    return (int(fields[11]) + int(fields[12])) / TICK


def thread_cpu_seconds(pid):
    """CPU seconds of each living thread of `pid`: {tid: (name, seconds)}. crated names its
    threads (crate-rt, crate-decode, ...); MPD names its own."""
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                head, tail = f.read().rsplit(")", 1)
            threads[int(tid)] = (head.split("(", 1)[1], _thread_runtime(pid, tid, tail))
        except FileNotFoundError:  # the thread ended between listdir and open
            continue
    return threads


def thread_cpu_per_60s(before, after, elapsed):
    """CPU seconds per 60 s of each thread between two `thread_cpu_seconds` snapshots,
    largest first; threads that did nothing are left out. A thread inherits the name of
    the thread that started it, so a name held by several threads is numbered in tid
    order: `crate-rt#2` is the JACK client thread that ALSA's jack plugin starts from the
    writer (crate-rt), as `output:out#4` is the one it starts from MPD's output thread."""
    by_name = {}
    for tid in sorted(after):
        by_name.setdefault(after[tid][0], []).append(tid)
    spent = {}
    for name, tids in by_name.items():
        for k, tid in enumerate(tids):
            label = name if k == 0 else f"{name}#{k + 1}"
            spent[label] = (after[tid][1] - before.get(tid, (name, 0))[1]) / elapsed * 60
    return dict(sorted(((n, round(v, 3)) for n, v in spent.items() if v > 0.0005), key=lambda kv: -kv[1]))


def rss_by_mapping(pid, top=12):
    """Where the resident memory is, from /proc/PID/smaps: KiB resident (`rss`) and of it
    anonymous (`anon`: heap, stacks, buffers, and library pages written at load) per
    mapping, named by file (shared libraries, the binary), [heap], [stack] or [anon]
    (malloc arenas, thread stacks, the audio ring), largest first; the rest summed."""
    parts, current = {}, None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            first = line.split(None, 1)[0]
            if "-" in first and not first.endswith(":"):
                fields = line.split(None, 5)
                name = fields[5].strip() if len(fields) > 5 else "[anon]"
                name = os.path.basename(name) if name.startswith("/") else name
                current = parts.setdefault(name, {"rss": 0, "anon": 0})
            elif first == "Rss:":
                current["rss"] += int(line.split()[1])
            elif first == "Anonymous:":
                current["anon"] += int(line.split()[1])
    ranked = sorted(((n, v) for n, v in parts.items() if v["rss"] > 0), key=lambda kv: -kv[1]["rss"])
    result = dict(ranked[:top])
    rest = ranked[top:]
    if rest:
        result["(the rest)"] = {"rss": sum(v["rss"] for _, v in rest), "anon": sum(v["anon"] for _, v in rest)}
    return result


RSS_PARTS = ("VmRSS", "RssAnon", "RssFile", "RssShmem")


def mem_kib(pid, keys=RSS_PARTS):
    """Fields of /proc/PID/status (by default VmRSS and its parts), in KiB."""
    with open(f"/proc/{pid}/status") as f:
        return {k: int(v.split()[0]) for k, v in (l.split(":", 1) for l in f) if k in keys}
