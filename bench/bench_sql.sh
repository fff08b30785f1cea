#!/usr/bin/env bash
# convert -f sql of a generated relog CSV (bench/gen_csv.py: ROWS samples x COLS counters,
# 2 % blank cells) into SQLite and into PostgreSQL: CounterData rows per second (wall and CPU
# of perfscribe; the PostgreSQL server's own CPU is not counted) and perfscribe's peak RSS.
#   ROWS=20000 COLS=2000 bash bench/bench_sql.sh     # the 800 MB case of issue 17 (default)
#   ROWS=2000 COLS=500 bash bench/bench_sql.sh       # a quick run
# PostgreSQL: a throwaway server (tests/pg_server.sh) unless PS_PG_URL names one.
set -euo pipefail
cd "$(dirname "$0")"
. lib/bench.sh
PS=${PERFSCRIBE:-../build/perfscribe}
ROWS=${ROWS:-20000}; COLS=${COLS:-2000}
mkdir -p data
csv=data/relog-${COLS}x${ROWS}.csv
bench_gen_csv "$ROWS" "$COLS" "$csv"
bytes=$(stat -c %s "$csv")
measure() {   # label url
  local label=$1 url=$2
  bench_py - "$PS" "$csv" "$url" "$label" "$bytes" <<'PY'
import sys
from measure import convert_sql
ps, csv, url, label, size = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
wall, ru = convert_sql(ps, csv, url, label)
cpu = ru.ru_utime + ru.ru_stime
# rows actually loaded: every non-blank cell
rows = 0
with open(csv, "rb") as f:
    next(f)
    for line in f:
        rows += line.count(b'","') + 1 - 1 - line.count(b'" "')
print("%-12s %12d rows  %8.2f s wall  %10.0f rows/s wall  %8.2f s CPU  %10.0f rows/s CPU  peak RSS %7d KB  (%d MB CSV)"
      % (label, rows, wall, rows / wall, cpu, rows / cpu, ru.ru_maxrss, size // 1000000))
PY
}
rm -f data/bench_sql.db data/bench_sql.db-wal data/bench_sql.db-shm
measure sqlite "sqlite:data/bench_sql.db"
rm -f data/bench_sql.db data/bench_sql.db-wal data/bench_sql.db-shm
if [ -n "${PS_PG_URL:-}" ]; then
  measure postgresql "$PS_PG_URL"
else
  bash ../tests/pg_server.sh run bash -c "$(declare -f measure bench_py); PS=$PS csv=$csv bytes=$bytes measure postgresql \"\$PS_PG_URL\""
fi
