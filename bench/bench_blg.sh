#!/usr/bin/env bash
# Benchmark of the .blg reader and 'perfscribe convert'.
#   1. Decoding throughput on the real samples (../shared/real-samples/blg, skipped when absent):
#      each file converted REPEAT times (default 50) with a one-column filter (-c) so the figure is
#      the reader's (both passes over the file, cooking), not the CSV printing; and once more
#      with every column to show the cost of printing 17-digit numbers.
#   2. 'convert' of a large relog-style CSV to TSV against 'wc -l' on the same file
#      (ROWS x COLS, default 2,000 x 2,000 = about 84 MB; ROWS=20000 gives about 840 MB).
#      Data from bench/gen_csv.py when present, else from the generator below; files go to
#      bench/data/ (git-ignored). The file is read once first so that it is in the page cache;
#      each figure is the best of CSV_RUNS runs (default 5).
#
#   bash bench/bench_blg.sh [PERFSCRIBE]      (PARTS=csv: only part 2; THREADS=N: convert --threads N)
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

# run CMD REPEAT times; print "wall_s cpu_s peak_rss_kb" (cpu = user + sys from wait4, which is
# the fair figure on a loaded machine; the output goes to /dev/null or to -o)
measure() {
  python3 - "$@" <<'PY'
import os, sys, time
n, cmd = int(sys.argv[1]), sys.argv[2:]
wall = cpu = 0.0
rss = 0
for _ in range(n):
    t = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1); os.dup2(fd, 2)
        os.execv(cmd[0], cmd)
    _, st, ru = os.wait4(pid, 0)
    wall += time.perf_counter() - t
    cpu += ru.ru_utime + ru.ru_stime
    rss = max(rss, ru.ru_maxrss)
print("%.4f %.4f %d" % (wall, cpu, rss))
PY
}
# peak RSS in KB of one run (output discarded), from /usr/bin/time when present
peak() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -o "$DATA/rss" -f %M "$@" >/dev/null 2>&1 || true
    tail -1 "$DATA/rss"
  else
    echo "?"
  fi
}
mbps() { python3 -c "import sys; b,t=float(sys.argv[1]),float(sys.argv[2]); print('%.1f' % (b/1e6/t if t>0 else 0))" "$1" "$2"; }

PARTS=${PARTS:-blg,csv}
if [[ $PARTS == *blg* ]]; then
read -r _ c0 _ < <(measure "$REPEAT" "$PS" --version)
echo "== .blg decoding (x$REPEAT per file; MB/s of CPU time, wall-clock MB/s in brackets;"
echo "   'net' subtracts the CPU time of starting the program, $(python3 -c "print('%.2f' % (1000*$c0/$REPEAT))") ms a run;"
echo "   '-' when start-up is most of the time and the difference means nothing)"
printf '%-26s %8s %20s %10s %20s %9s\n' file bytes "decode (-c 1 col)" "net" "convert (all cols)" "RSS KB"
if [ -d "$SHARED" ]; then
  for f in "$SHARED"/*.blg; do
    case $(basename "$f") in PS_CorruptBlg.blg) continue ;; esac
    size=$(stat -c %s "$f")
    first=$( ("$PS" convert "$f" -f csv -q 2>/dev/null || true) | head -1 | cut -d'"' -f4)
    read -r w1 c1 r1 < <(measure "$REPEAT" "$PS" convert "$f" -f csv -q -c "$first")
    read -r w2 c2 _ < <(measure "$REPEAT" "$PS" convert "$f" -f csv -q)
    r2=$(peak "$PS" convert "$f" -f csv -q)
    printf '%-26s %8s %20s %10s %20s %9s\n' "$(basename "$f")" "$size" \
      "$(mbps $((size * REPEAT)) "$c1") [$(mbps $((size * REPEAT)) "$w1")]" \
      "$(python3 -c "c=$c1-$c0; print('%.1f' % ($size*$REPEAT/1e6/c) if c > 0.2*$c1 else '-')")" \
      "$(mbps $((size * REPEAT)) "$c2") [$(mbps $((size * REPEAT)) "$w2")]" "$r2"
  done
else
  echo "(skipped: $SHARED not present)"
fi

# 1b. large .blg files: the data records of two samples repeated (bench/blg_repeat.py), layout B
#     (PS_BadCounterSamples, 26 counters) and layout A (PAL_SamplePerfmonLog, whole objects), at
#     BLG_TIMES repeats (default "200 800 3200": about 55 MB to 1.2 GB) to show RSS flat in the
#     file size; each decoded with one column (-c, the reader's speed) and converted with every
#     column, on one thread (--threads 1) and on the default (one per CPU). BEFORE=path/to/old
#     perfscribe adds its figures (no --threads option there). MB/s wall [MB/s CPU].
if [ -d "$SHARED" ]; then
  echo
  echo "== large .blg files (CPUs: $(nproc); load average at start: $(cut -d' ' -f1-3 /proc/loadavg))"
  printf '%-34s %11s %-8s %22s %22s %9s\n' file bytes threads "decode 1 col MB/s" "convert all MB/s" "RSS KB"
  for s in PS_BadCounterSamples PAL_SamplePerfmonLog; do
    first=$( ("$PS" convert "$SHARED/$s.blg" -f csv -q 2>/dev/null || true) | head -1 | cut -d'"' -f4)
    for times in ${BLG_TIMES:-200 800 3200}; do
      big=$DATA/big_${s}_x$times.blg
      [ -s "$big" ] || python3 bench/blg_repeat.py "$SHARED/$s.blg" "$times" "$big"
      size=$(stat -c %s "$big")
      cat "$big" > /dev/null
      runs=()
      [ -n "${BEFORE:-}" ] && runs+=("before:$BEFORE:")
      runs+=("1:$PS:--threads 1" "default:$PS:")
      for r in "${runs[@]}"; do
        label=${r%%:*}; rest=${r#*:}; bin=${rest%%:*}; thr=${rest#*:}
        # shellcheck disable=SC2086
        read -r w1 c1 _ < <(measure 1 "$bin" convert "$big" -f csv -q $thr -c "$first")
        # shellcheck disable=SC2086
        read -r w2 c2 r2 < <(measure 1 "$bin" convert "$big" -f csv -q $thr)
        printf '%-34s %11s %-8s %22s %22s %9s\n' "$(basename "$big")" "$size" "$label" \
          "$(mbps "$size" "$w1") [$(mbps "$size" "$c1")]" "$(mbps "$size" "$w2") [$(mbps "$size" "$c2")]" "$r2"
      done
    done
  done
fi

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
CSV_RUNS=${CSV_RUNS:-5}
echo
echo "== convert CSV -> TSV: $(basename "$F") ($size bytes; best of $CSV_RUNS runs each)"
# best (least wall time) of CSV_RUNS single runs, for wc -l and convert alike: one run of each is
# at the mercy of whatever else the machine does in that tenth of a second
best() {
  local runs=$1 w c r bw= bc=
  shift
  for _ in $(seq "$runs"); do
    read -r w c r < <(measure 1 "$@")
    if [ -z "$bw" ] || python3 -c "import sys; sys.exit(0 if $w < $bw else 1)"; then bw=$w; bc=$c; fi
  done
  echo "$bw $bc"
}
read -r ww wc < <(best "$CSV_RUNS" /usr/bin/wc -l "$F")
TARGS=()
[ -n "${THREADS:-}" ] && TARGS=(--threads "$THREADS")
read -r cw cc < <(best "$CSV_RUNS" "$PS" convert "$F" -q -o "$DATA/out.tsv" "${TARGS[@]}")
cr=$(peak "$PS" convert "$F" -q -o "$DATA/out.tsv" "${TARGS[@]}")
printf '%-20s %8.3f s CPU %9s MB/s   %8.3f s wall %9s MB/s\n' "wc -l" "$wc" "$(mbps "$size" "$wc")" "$ww" "$(mbps "$size" "$ww")"
printf '%-20s %8.3f s CPU %9s MB/s   %8.3f s wall %9s MB/s   peak RSS %s KB\n' "perfscribe convert" "$cc" \
  "$(mbps "$size" "$cc")" "$cw" "$(mbps "$size" "$cw")" "$cr"
echo "convert / wc -l: $(python3 -c "print('%.1f' % ($cw / $ww))")x wall, $(python3 -c "print('%.1f' % ($cc / $wc))")x CPU; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$DATA/out.tsv" "$DATA/rss"
