#!/usr/bin/env bash
# analyze --jobs N over a fleet's folder tree: NLOGS logs (default 12, one per server: srvNN/
# day1/perf.csv), each a relog CSV of COLS counters x ROWS samples (default 400 x 5,760: a day
# at 15 s; bench/gen_csv.py, the machine renamed per server), judged with the system pack into
# JSON, with each N of JOBS (default "1 2"). Prints per N the best wall time of REPEAT runs
# (default 3), the CPU seconds (user + system) and peak RSS of that run, the speed-up against the
# first N, and the 1-minute load average before each N (on a shared machine the wall figures
# only mean something with it). Checks that every N writes the same JSON.
#
#   bash bench/bench_analyze_jobs.sh [PERFSCRIBE]    (NLOGS=16 ROWS=... COLS=... JOBS="1 2 4")
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/bench.sh
PS=${1:-${PERFSCRIBE:-build/perfscribe}}
[ -x "$PS" ] || { echo "bench: $PS not built (make build)" >&2; exit 2; }
NLOGS=${NLOGS:-12} ROWS=${ROWS:-5760} COLS=${COLS:-400} JOBS=${JOBS:-1 2} REPEAT=${REPEAT:-3}
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
printf '%-6s %8s %8s %8s %8s %6s\n' jobs "wall s" "CPU s" "RSS MB" speedup load
first=
for n in $JOBS; do
  load=$(cut -d' ' -f1 /proc/loadavg)
  read -r wall cpu rss < <(bench_py - "$PS" "$tree" "$n" "$REPEAT" "$TMP/j$n.json" <<'PY'
import os, subprocess, sys, time
ps, tree, n, repeat, out = sys.argv[1:6]
best = None
for _ in range(int(repeat)):
    t = time.perf_counter()
    p = subprocess.Popen([ps, "analyze", tree, "--jobs", n, "-q", "-o", out], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("analyze --jobs %s failed (%d)" % (n, status))
    if best is None or wall < best[0]:
        best = (wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024)
print("%.2f %.2f %.0f" % best)
PY
  )
  first=${first:-$wall}
  printf '%-6s %8s %8s %8s %8s %6s\n' "$n" "$wall" "$cpu" "$rss" "$(python3 -c "print('%.2f' % ($first / $wall))")" "$load"
  cmp -s "$TMP/j$(set -- $JOBS; echo "$1").json" "$TMP/j$n.json" || { echo "bench: --jobs $n wrote another JSON" >&2; exit 1; }
done
