#!/usr/bin/env bash
# Micro-benchmark of the number scanner ps_num_scan (parser/numparse.c) on real relog cells:
# builds bench/numparse_bench.c with the system cc (-O2) against parser/numparse.c, loads the
# first LINES data lines of CSV, checks every quoted number cell against strtod bit for bit,
# then scans all of them many times and prints ns/value (best round) twice: in the parser's
# order (each scan starts where the previous one ended, as in parser/pdh_rows.c) and with the
# cell starts known in advance. Compare versions in one run of a quiet machine: the figures
# move by 10% and more when other jobs share the CPU.
#
#   bash bench/bench_numparse.sh [CSV [LINES [ROUNDS]]]
#     CSV     default bench/data/relog-2000x20000.csv (bench/bench_summary.sh generates it)
#     LINES   data lines to load, default 2000 (2,000 counters each: ~3.9 M values)
#     ROUNDS  timed passes over all values, default: as many as fit in ~1.5 s (at least 3)
#   NUMPARSE=path/to/numparse.c   benchmark another version of the scanner (e.g. an old one
#                                 from 'git show REV:parser/numparse.c > /tmp/old.c')
#   CC=..., CFLAGS=...            compiler and flags (default cc, -O2)
#
# Exit status 1 when any value differs from strtod.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
SRC=${NUMPARSE:-parser/numparse.c}
OUT=${TMPDIR:-/tmp}/numparse_bench.$$
trap 'rm -f "$OUT"' EXIT
# shellcheck disable=SC2086
"$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $CFLAGS -Wall -Wextra \
  -Iparser -Imodel -o "$OUT" bench/numparse_bench.c "$SRC" -lm
"$OUT" "$@"
