#!/usr/bin/env bash
# The store at scale (issue 32): convert -f sql of generated relog CSVs (bench/gen_csv.py, COLS
# counters, 2 % blank cells) of about 1 M, 10 M and 40 M CounterData rows into a fresh SQLite file
# and a fresh database of a local PostgreSQL server. Prints, per size and database, the rows
# loaded (counted in the database), wall seconds, rows/s (wall: perfscribe and, for PostgreSQL,
# the server), the CPU seconds (user + system) of perfscribe and, for PostgreSQL, of the server
# (a throwaway one's postmaster and ended backends; 0 for a server elsewhere) and rows per CPU
# second, perfscribe's peak RSS, and the machine's 1-minute load average at the end (on a
# shared machine the wall figures are only meaningful with it).
#   bash bench/bench_store_scale.sh                      # 1 M, 10 M, 40 M rows; SQLite and PostgreSQL
#   SIZES="1 10" DBS=sqlite bash bench/bench_store_scale.sh
#   PERFSCRIBE=/path/to/other/perfscribe bash bench/bench_store_scale.sh   # e.g. an older build
# SIZES: millions of rows; COLS: counters per sample (default 1000); DBS: sqlite postgresql.
# PostgreSQL: a throwaway server (tests/pg_server.sh) unless PS_PG_URL names one (its database
# must be empty: the tables are dropped before each size). Data files go to bench/data
# (about 21 bytes a row: 40 M rows is a 0.85 GB CSV); BENCH_DATA moves them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
PS=$(realpath "${PERFSCRIBE:-$here/../build/perfscribe}")
SIZES=${SIZES:-"1 10 40"}
COLS=${COLS:-1000}
DBS=${DBS:-"sqlite postgresql"}
data=${BENCH_DATA:-$here/data}
. "$here/lib/bench.sh"
mkdir -p "$data"

if [ -z "${PS_PG_URL:-}" ] && [[ " $DBS " == *" postgresql "* ]] && [ -z "${BENCH_STORE_INNER:-}" ]; then
  exec env BENCH_STORE_INNER=1 bash "$here/../tests/pg_server.sh" run bash "$0" "$@"
fi

# one load: DB label, URL; prints the table row
measure() {
  bench_py - "$PS" "$1" "$2" "$3" "$4" <<'PY'
import os, subprocess, sys, time
from measure import convert_sql
ps, csv, label, url, size = sys.argv[1:6]
def server_cpu():   # the local server's CPU seconds: the postmaster and its ended backends
    try:
        pid = open(os.path.join(os.environ["PGHOST"], "data", "postmaster.pid")).readline().strip()
        f = open("/proc/%s/stat" % pid).read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in f[11:15]) / os.sysconf("SC_CLK_TCK")
    except (OSError, KeyError, ValueError):
        return 0.0
s0 = server_cpu()
wall, ru = convert_sql(ps, csv, url, label)
if url.startswith("sqlite:"):
    import sqlite3
    rows = sqlite3.connect(url[7:]).execute("SELECT COUNT(*) FROM CounterData").fetchone()[0]
else:
    rows = int(subprocess.run(["psql", "-At", "-d", os.environ["PGDATABASE"], "-c", "SELECT COUNT(*) FROM CounterData"],
                              check=True, capture_output=True, text=True).stdout)
time.sleep(0.5)   # the backend ends after the client: its time joins the postmaster's
cpu = ru.ru_utime + ru.ru_stime + (server_cpu() - s0 if not url.startswith("sqlite:") else 0.0)
print("| %-10s | %4s M | %11d | %8.1f | %9.0f | %7.1f | %9.0f | %11.0f | %5.1f |" % (label, size, rows, wall, rows / wall,
      cpu, rows / cpu, ru.ru_maxrss / 1024, os.getloadavg()[0]), flush=True)
PY
}

echo "| database   | size   |        rows |   wall s |    rows/s |   CPU s | rows/CPU s | peak RSS MB |  load |"
echo "|------------|--------|-------------|----------|-----------|---------|------------|-------------|-------|"
for m in $SIZES; do
  samples=$(( (m * 1000000 + COLS * 98 / 100 - 1) / (COLS * 98 / 100) ))
  csv=$data/store-${COLS}x${samples}.csv
  bench_gen_csv "$samples" "$COLS" "$csv"
  for db in $DBS; do
    case $db in
      sqlite)
        rm -f "$data/store.db" "$data/store.db-wal" "$data/store.db-shm"
        measure "$csv" sqlite "sqlite:$data/store.db" "$m"
        rm -f "$data/store.db" "$data/store.db-wal" "$data/store.db-shm" ;;
      postgresql)
        psql -q -d "$PGDATABASE" -c "DROP TABLE IF EXISTS CounterData, CounterDetails, DisplayToID, ps_schema,
          ps_run, ps_tag, ps_file, ps_server, ps_reason, ps_threshold, ps_log_file, ps_instance, ps_figure, ps_host,
          ps_text, ps_point, ps_recovery, ps_event, ps_relog_load CASCADE" >/dev/null 2>&1
        measure "$csv" postgresql "$PS_PG_URL" "$m" ;;
    esac
  done
done
