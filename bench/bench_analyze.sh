#!/usr/bin/env bash
# perfscribe analyze benchmark: 'analyze --rules system --format json' against 'summary --format
# json' on the same relog-style CSV of COLS counters x ROWS samples (bench/gen_csv.py; default
# 2,000 x 20,000, ~840 MB, the files bench_summary.sh uses), then analyze on 2 x ROWS rows to
# show that its peak RSS does not grow with the number of rows, then HTML + PDF of the layout-A
# PAL sample log (1,832 columns) when $PS_SHARED_DIR/real-samples is present, then a wide log:
# every built-in pack on WIDE_COLS columns (default 200,000) x 10 rows, where matching rules to
# columns (hash index of the columns by object\counter) is most of the work.
# Targets: analyze <= 2x the wall time of summary; peak RSS flat in rows; HTML + PDF < 3 s;
# the wide log in about the time summary takes on it.
#
#   bash bench/bench_analyze.sh [PERFSCRIBE]   (ROWS=2000 for a quick run; REPEAT=3 default;
#                                              WIDE_ONLY=1: the wide log only)
#
# Each command runs REPEAT times (file in the page cache after the first read) and is reported
# by its fastest wall time; peak RSS comes from GNU time. On a shared machine the figures move:
# the script prints the load average next to them.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/bench.sh
if [ "${WIDE_ONLY:-0}" = 1 ]; then   # the wide log only: no 840 MB pair to generate
  PS=${1:-${PERFSCRIBE:-build/perfscribe}} DATA=bench/data
  [ -x "$PS" ] || { echo "bench: $PS not built (make build)" >&2; exit 2; }
  mkdir -p "$DATA"
else
  bench_relog_pair "$@"
fi
REPEAT=${REPEAT:-3}
SHARED=${PS_SHARED_DIR:-../shared}
# the wide log: 64 processors, 1,000 disks, 16 NICs and filler counters, 10 rows of small values
WIDE_COLS=${WIDE_COLS:-200000}
FW=$DATA/wide-${WIDE_COLS}x10.csv
if [ ! -s "$FW" ]; then
  echo "generating $FW ($WIDE_COLS counters x 10 rows) ..." >&2
  python3 - "$WIDE_COLS" "$FW.part" <<'PY'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
cols = []
for c in ("% Processor Time", "% Privileged Time", "% Interrupt Time"):
    cols += ["Processor(%s)\\%s" % (i, c) for i in list(range(64)) + ["_Total"]]
for c in ("Avg. Disk sec/Read", "Avg. Disk sec/Write", "Current Disk Queue Length", "% Free Space"):
    cols += ["LogicalDisk(D%04d)\\%s" % (i, c) for i in range(1000)]
for c in ("Bytes Total/sec", "Current Bandwidth", "Output Queue Length"):
    cols += ["Network Interface(nic%d)\\%s" % (i, c) for i in range(16)]
cols += ["Memory\\Available MBytes", "System\\Processor Queue Length"]
cols += ["Filler(%d)\\Counter %d" % (i // 10, i % 10) for i in range(max(0, n - len(cols)))]
with open(out, "w", newline="") as f:
    f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)",' + ",".join('"\\\\BENCH01\\%s"' % c for c in cols[:n]) + "\r\n")
    for r in range(10):
        f.write('"03/02/2026 10:00:%02d.000",' % r + ",".join(['"%d"' % (r + 1)] * n) + "\r\n")
PY
  mv "$FW.part" "$FW"
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# best wall seconds and peak RSS (MB) of REPEAT runs of a command (exit 0 or 1 accepted)
measure() {
  local best= rss=0 i
  cat "$1" > /dev/null 2>&1 || true
  for i in $(seq "$REPEAT"); do
    /usr/bin/time -f "%e %M" -o "$TMP/t" "${@:2}" > /dev/null 2>&1 || [ $? -le 1 ] || { echo "failed: ${*:2}" >&2; exit 1; }
    read -r wall kb < <(tail -n 1 "$TMP/t")
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
    [ "$kb" -gt "$rss" ] && rss=$kb
  done
  echo "$best $((rss / 1024))"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
printf "%-44s %9s %9s\n" "command" "wall s" "peak MB"
wide() {
  local packs=() p
  for p in $("$PS" analyze --rules list | awk 'NR > 1 {print $1}'); do packs+=(--rules "$p"); done
  read -r ws ms < <(measure "$FW" "$PS" summary -q --format json "$FW")
  printf "%-44s %9s %9s\n" "summary ($(basename "$FW"))" "$ws" "$ms"
  read -r wa ma < <(measure "$FW" "$PS" analyze -q "${packs[@]}" --format json "$FW")
  printf "%-44s %9s %9s\n" "analyze, $((${#packs[@]} / 2)) packs ($(basename "$FW"))" "$wa" "$ma"
}
if [ "${WIDE_ONLY:-0}" = 1 ]; then wide; exit 0; fi
read -r ws ms < <(measure "$F1" "$PS" summary -q --format json "$F1")
printf "%-44s %9s %9s\n" "summary ($(basename "$F1"))" "$ws" "$ms"
read -r wa ma < <(measure "$F1" "$PS" analyze -q --rules system --format json "$F1")
printf "%-44s %9s %9s\n" "analyze --rules system ($(basename "$F1"))" "$wa" "$ma"
read -r wa2 ma2 < <(measure "$F2" "$PS" analyze -q --rules system --format json "$F2")
printf "%-44s %9s %9s\n" "analyze --rules system ($(basename "$F2"))" "$wa2" "$ma2"
awk -v a="$wa" -v s="$ws" 'BEGIN{r=a/s; printf "analyze / summary wall time: %.2fx (target <= 2x): %s\n", r, r<=2?"met":"NOT met"}'
awk -v a="$ma" -v b="$ma2" 'BEGIN{printf "peak RSS %d MB at N rows, %d MB at 2N rows: %s\n", a, b, b<=a*1.2+8?"flat":"GROWS"}'
PAL=$SHARED/real-samples/blg/PAL_SamplePerfmonLog.blg
if [ -f "$PAL" ]; then
  start=$(date +%s.%N)
  "$PS" analyze -q "$PAL" -o "$TMP/pal.html" || true
  "$PS" analyze -q "$PAL" -o "$TMP/pal.pdf" || true
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN{t=e-s; printf "HTML + PDF of the 1,832-column PAL sample: %.2f s (target < 3 s): %s\n", t, t<3?"met":"NOT met"}'
fi
wide
