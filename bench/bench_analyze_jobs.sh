#!/usr/bin/env bash
# analyze --jobs N over a fleet's folder tree: NLOGS logs (default 12, one per server: srvNN/
# day1/perf.csv), each a relog CSV of COLS counters x ROWS samples (default 400 x 5,760: a day
# at 15 s; bench/gen_csv.py, the machine renamed per server), judged with the system pack into
# JSON, with each N of JOBS (default "1 2"), REPEAT rounds (default 5) of one run per N in turn.
# Prints per N the fastest and the median wall time, the median CPU seconds (user + system), the
# peak RSS, the speed-up of the median against the first N, and the 1-minute load average before
# each round (on a shared machine the wall figures only mean something with it). Checks that
# every N writes the same JSON.
#
#   bash bench/bench_analyze_jobs.sh [PERFSCRIBE]    (NLOGS=16 ROWS=... COLS=... JOBS="1 2 4")
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/bench.sh
PS=${1:-${PERFSCRIBE:-build/perfscribe}}
[ -x "$PS" ] || { echo "bench: $PS not built (make build)" >&2; exit 2; }
NLOGS=${NLOGS:-12} ROWS=${ROWS:-5760} COLS=${COLS:-400} JOBS=${JOBS:-1 2} REPEAT=${REPEAT:-5}
DATA=bench/data
mkdir -p "$DATA"
base=$DATA/relog-${COLS}x${ROWS}.csv
bench_gen_csv "$ROWS" "$COLS" "$base"
tree=$DATA/fleet-${NLOGS}x${COLS}x${ROWS}
if [ ! -d "$tree" ]; then
  echo "building $tree ($NLOGS logs) ..." >&2
  for i in $(seq -w 1 "$NLOGS"); do
    mkdir -p "$tree.part/srv$i/day1"
    sed "s/BENCH01/SRV$i/g" "$base" >"$tree.part/srv$i/day1/perf.csv"
  done
  mv "$tree.part" "$tree"
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cat "$tree"/*/*/perf.csv >/dev/null # in the page cache
printf '%s\n' "analyze $tree ($NLOGS logs of $COLS counters x $ROWS rows, $(du -sm "$tree" | cut -f1) MB), system pack, -f json"
# the runs of the N values interleaved (N1, N2, N1, N2, ...) so that a change of the machine's
# load in the middle falls on all of them; per N the fastest run and the median
bench_py - "$PS" "$tree" "$REPEAT" "$TMP" $JOBS <<'PY'
import os, statistics, subprocess, sys, time
ps, tree, repeat, tmp, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5:]
runs = {n: [] for n in jobs}
loads = []
for _ in range(repeat):
    loads.append(os.getloadavg()[0])
    for n in jobs:
        t = time.perf_counter()
        p = subprocess.Popen([ps, "analyze", tree, "--jobs", n, "-q", "-o", os.path.join(tmp, "j%s.json" % n)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            sys.exit("analyze --jobs %s failed (%d)" % (n, status))
        runs[n].append((wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024))
ref = open(os.path.join(tmp, "j%s.json" % jobs[0]), "rb").read()
for n in jobs:
    if open(os.path.join(tmp, "j%s.json" % n), "rb").read() != ref:
        sys.exit("bench: --jobs %s wrote another JSON than --jobs %s" % (n, jobs[0]))
print("%-6s %8s %8s %8s %8s %8s" % ("jobs", "best s", "median s", "CPU s", "RSS MB", "speedup"))
first = None
for n in jobs:
    best = min(runs[n])
    med = statistics.median(r[0] for r in runs[n])
    first = first or med
    print("%-6s %8.2f %8.2f %8.2f %8.0f %8.2f" % (n, best[0], med, statistics.median(r[1] for r in runs[n]), best[2],
                                                first / med))
print("load (1 min) before each round: %s" % " ".join("%.1f" % x for x in loads))
PY
