# bench/lib/bench.sh - shared by the bench/bench_*.sh scripts (sourced, not run):
#   bench_gen_csv ROWS COLS FILE   generate FILE with bench/gen_csv.py (ROWS samples x COLS
#                                  counters, 2 % blank cells) unless it exists and is not empty;
#                                  written as FILE.part then renamed, so an interrupted run
#                                  never leaves a truncated file behind
#   bench_py ARGS...               python3 with bench/lib on its module path (measure.py)
#   bench_relog_pair [PERFSCRIBE]  for the scripts that compare ROWS with 2 x ROWS samples (run
#                                  from the repository's top): sets PS (the argument, else
#                                  $PERFSCRIBE, else build/perfscribe; fails when not built),
#                                  ROWS and COLS (default 20,000 x 2,000, ~840 MB), DATA=bench/data,
#                                  F1 and F2 (COLS counters x ROWS and 2 x ROWS samples), and
#                                  generates F1 and F2 when absent
# BENCH_LIB_DIR is exported so that a measuring function handed to another shell (through
# `declare -f`, e.g. under tests/pg_server.sh) still finds bench/lib.
BENCH_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export BENCH_LIB_DIR

bench_gen_csv() {
  local rows=$1 cols=$2 file=$3
  [ -s "$file" ] && return 0
  echo "generating $file ($cols counters x $rows rows) ..." >&2
  python3 "$BENCH_LIB_DIR/../gen_csv.py" "$rows" "$cols" "$file.part" && mv "$file.part" "$file"
}

bench_py() {
  PYTHONPATH="$BENCH_LIB_DIR${PYTHONPATH:+:$PYTHONPATH}" python3 "$@"
}

bench_relog_pair() {
  PS=${1:-${PERFSCRIBE:-build/perfscribe}}
  ROWS=${ROWS:-20000}
  COLS=${COLS:-2000}
  [ -x "$PS" ] || { echo "bench: $PS not built (make build)" >&2; exit 2; }
  DATA=bench/data
  mkdir -p "$DATA"
  F1=$DATA/relog-${COLS}x${ROWS}.csv
  F2=$DATA/relog-${COLS}x$((ROWS * 2)).csv
  bench_gen_csv "$ROWS" "$COLS" "$F1"
  bench_gen_csv "$((ROWS * 2))" "$COLS" "$F2"
}
