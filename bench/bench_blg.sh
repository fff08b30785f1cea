#!/usr/bin/env bash
# Benchmark of the .blg reader and 'perfscribe convert'.
#   1. Decoding throughput on the real samples (../shared/real-samples/blg, skipped when absent):
#      each file converted REPEAT times (default 50) with a one-column filter (-c) so the figure is
#      the reader's (both passes over the file, cooking), not the CSV printing; and once more
#      with every column to show the cost of printing 17-digit numbers.
#   2. 'convert' of a large relog-style CSV to TSV against 'wc -l' on the same file
#      (ROWS x COLS, default 2,000 x 2,000 = about 84 MB; ROWS=20000 gives about 840 MB).
#      Data from bench/gen_csv.py when present, else from the generator below; files go to
#      bench/data/ (git-ignored). The file is read once first so that it is in the page cache.
#
#   bash bench/bench_blg.sh [PERFSCRIBE]
set -euo pipefail
cd "$(dirname "$0")/.."
PS=${PERFSCRIBE:-${1:-build/perfscribe}}
REPEAT=${REPEAT:-50}
ROWS=${ROWS:-2000}
COLS=${COLS:-2000}
SHARED=${PS_SHARED_DIR:-../shared}/real-samples/blg
DATA=bench/data
mkdir -p "$DATA"
[ -x "$PS" ] || { echo "bench: $PS not built (make build)" >&2; exit 2; }

now() { date +%s.%N; }
mbps() { python3 -c "import sys; b,t=float(sys.argv[1]),float(sys.argv[2]); print('%.1f' % (b/1e6/t if t>0 else 0))" "$1" "$2"; }

echo "== .blg decoding (x$REPEAT per file)"
printf '%-28s %10s %12s %12s %14s\n' file bytes "decode MB/s" "convert MB/s" "peak RSS (KB)"
if [ -d "$SHARED" ]; then
  for f in "$SHARED"/*.blg; do
    case $(basename "$f") in PS_CorruptBlg.blg) continue ;; esac
    size=$(stat -c %s "$f")
    first=$( ("$PS" convert "$f" -f csv -q 2>/dev/null || true) | head -1 | cut -d'"' -f4)
    t0=$(now)
    for _ in $(seq "$REPEAT"); do "$PS" convert "$f" -f csv -q -c "$first" >/dev/null 2>&1; done
    t1=$(now)
    for _ in $(seq "$REPEAT"); do "$PS" convert "$f" -f csv -q >/dev/null 2>&1; done
    t2=$(now)
    rss=$( { /usr/bin/time -f %M "$PS" convert "$f" -f csv -q >/dev/null 2>/dev/null; } 2>&1 | tail -1)
    printf '%-28s %10s %12s %12s %14s\n' "$(basename "$f")" "$size" \
      "$(mbps $((size * REPEAT)) "$(echo "$t1 - $t0" | bc)")" "$(mbps $((size * REPEAT)) "$(echo "$t2 - $t1" | bc)")" "$rss"
  done
else
  echo "(skipped: $SHARED not present)"
fi

F=$DATA/relog-${COLS}x${ROWS}.csv
if [ ! -s "$F" ]; then
  echo "generating $F ($COLS counters x $ROWS rows) ..." >&2
  if [ -f bench/gen_csv.py ]; then
    python3 bench/gen_csv.py "$ROWS" "$COLS" "$F.part"
  else
    python3 - "$ROWS" "$COLS" "$F.part" <<'PY'
import random, sys
rows, cols, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
r = random.Random(1)
pool = ['"%.17g"' % (r.lognormvariate(0, 2) * 100) if r.random() > 0.02 else '" "' for _ in range(4096)]
with open(out, "w", newline="") as f:
    f.write('"(PDH-CSV 4.0) (Pacific Standard Time)(480)",' +
            ",".join('"\\\\BENCH01\\Object(%d)\\Counter %d"' % (c // 10, c % 10) for c in range(cols)) + "\r\n")
    for i in range(rows):
        h, m, s = i // 3600 % 24, i // 60 % 60, i % 60
        o = r.randrange(4096 - cols) if cols < 4096 else 0
        cells = (pool * (cols // 4096 + 1))[o:o + cols]
        f.write('"01/%02d/2024 %02d:%02d:%02d.000",' % (1 + i // 86400, h, m, s) + ",".join(cells) + "\r\n")
PY
  fi
  mv "$F.part" "$F"
fi
size=$(stat -c %s "$F")
cat "$F" > /dev/null
echo
echo "== convert CSV -> TSV: $(basename "$F") ($size bytes)"
t0=$(now); wc -l < "$F" > /dev/null; t1=$(now)
rss=$( { /usr/bin/time -f %M "$PS" convert "$F" -q -o "$DATA/out.tsv" 2>/dev/null; } 2>&1 | tail -1)
t2=$(now)
wc_t=$(echo "$t1 - $t0" | bc); cv_t=$(echo "$t2 - $t1" | bc)
printf '%-22s %9s s %9s MB/s\n' "wc -l" "$wc_t" "$(mbps "$size" "$wc_t")"
printf '%-22s %9s s %9s MB/s   peak RSS %s KB   (%.1fx wc -l)\n' "perfscribe convert" "$cv_t" "$(mbps "$size" "$cv_t")" "$rss" \
  "$(echo "$cv_t / $wc_t" | bc -l)"
rm -f "$DATA/out.tsv"
