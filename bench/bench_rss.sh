#!/usr/bin/env bash
# Peak memory on inputs of about GB gigabytes (default 10): memory must stay flat in the file
# size (well under 128 MB). Builds, one at a time, in bench/data/ (git-ignored; deleted after
# unless KEEP=1):
#   - a relog-style PDH-CSV (2,000 counters): the 2,000 x 2,000 benchmark CSV of bench_blg.sh
#     repeated with rising time stamps (bench/csv_repeat.py);
#   - a .blg of layout B (raw counters) and one of layout A (object blocks): the data records of
#     PS_BadCounterSamples.blg and PAL_SamplePerfmonLog.blg repeated (bench/blg_repeat.py;
#     skipped when ../shared/real-samples is absent).
# Each is read by 'summary' (every counter's statistics) and 'convert' to TSV on standard output
# (discarded), on the default threads; peak RSS from /usr/bin/time, wall time and MB/s.
#
#   bash bench/bench_rss.sh [PERFSCRIBE]        (GB=N size, KEEP=1 keep the files)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/bench.sh
PS=${PERFSCRIBE:-${1:-build/perfscribe}}
GB=${GB:-10}
SHARED=${PS_SHARED_DIR:-../shared}/real-samples/blg
DATA=bench/data
mkdir -p "$DATA"
[ -x "$PS" ] || { echo "bench: $PS not built (make build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (Debian package time)" >&2; exit 2; }

# run LABEL CMD...: one run, output discarded; prints wall, MB/s of the input and peak RSS
run() {
  local label=$1 f=$2; shift 2
  local t0 t1
  t0=$(date +%s.%N)
  /usr/bin/time -o "$DATA/rss" -f %M "$PS" "$@" "$f" > /dev/null 2> "$DATA/err" || { cat "$DATA/err" >&2; exit 1; }
  t1=$(date +%s.%N)
  python3 -c "import sys; s,a,b,r=int(sys.argv[1]),float(sys.argv[2]),float(sys.argv[3]),int(sys.argv[4]); \
print('%-10s %-28s %14d bytes %8.1f s %8.1f MB/s  peak RSS %7.1f MB' % (sys.argv[5], sys.argv[6], s, b-a, s/1e6/(b-a), r/1024))" \
    "$(stat -c %s "$f")" "$t0" "$t1" "$(tail -1 "$DATA/rss")" "$label" "$(basename "$f")"
}

measure() {
  local f=$1
  cat "$f" > /dev/null   # in the page cache when it fits
  run summary "$f" summary -q
  run convert "$f" convert -f tsv -q
  [ -n "${KEEP:-}" ] || rm -f "$f"
}

echo "== peak memory on ~$GB GB inputs (CPUs: $(nproc); load average at start: $(cut -d' ' -f1-3 /proc/loadavg))"
BASE=$DATA/relog-2000x2000.csv
bench_gen_csv 2000 2000 "$BASE"
times=$(python3 -c "import os; print(max(1, round($GB * 1e9 / os.path.getsize('$BASE'))))")
BIG=$DATA/rss_relog_${GB}g.csv
[ -s "$BIG" ] || python3 bench/csv_repeat.py "$BASE" "$times" "$BIG"
measure "$BIG"
if [ -d "$SHARED" ]; then
  for s in PS_BadCounterSamples PAL_SamplePerfmonLog; do
    BIG=$DATA/rss_${s}_${GB}g.blg
    python3 bench/blg_repeat.py "$SHARED/$s.blg" 100 "$DATA/probe.blg"   # bytes per repeat
    times=$(python3 -c "import os; print(max(1, round($GB * 1e9 * 100 / os.path.getsize('$DATA/probe.blg'))))")
    rm -f "$DATA/probe.blg"
    [ -s "$BIG" ] || python3 bench/blg_repeat.py "$SHARED/$s.blg" "$times" "$BIG"
    measure "$BIG"
  done
else
  echo "(.blg part skipped: $SHARED not present)"
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$DATA/rss" "$DATA/err"
