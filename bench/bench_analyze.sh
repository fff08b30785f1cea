#!/usr/bin/env bash
# perfscribe analyze benchmark: 'analyze --rules system --format json' against 'summary --format
# json' on the same relog-style CSV of COLS counters x ROWS samples (bench/gen_csv.py; default
# 2,000 x 20,000, ~840 MB, the files bench_summary.sh uses), then analyze on 2 x ROWS rows to
# show that its peak RSS does not grow with the number of rows, then HTML + PDF of the layout-A
# PAL sample log (1,832 columns) when $PS_SHARED_DIR/real-samples is present.
# Targets: analyze <= 2x the wall time of summary; peak RSS flat in rows; HTML + PDF < 3 s.
#
#   bash bench/bench_analyze.sh [PERFSCRIBE]   (ROWS=2000 for a quick run; REPEAT=3 default)
#
# Each command runs REPEAT times (file in the page cache after the first read) and is reported
# by its fastest wall time; peak RSS comes from GNU time. On a shared machine the figures move:
# the script prints the load average next to them.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/bench.sh
bench_relog_pair "$@"
REPEAT=${REPEAT:-3}
SHARED=${PS_SHARED_DIR:-../shared}
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
