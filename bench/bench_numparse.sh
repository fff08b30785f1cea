#!/usr/bin/env bash
# Micro-benchmark of the number scanners ps_num_scan and ps_num_parse_cell (parser/text/numparse*.c)
# on real relog cells:
# builds bench/numparse_bench.c with the system cc (-O2) against parser/text/numparse*.c, loads the
# first LINES data lines of CSV, checks every quoted number cell against strtod bit for bit,
# then scans all of them many times and prints ns/value (best round) twice: in the parser's
# order (each scan starts where the previous one ended, as in parser/log/pdh/pdh_rows.c) and with the
# cell starts known in advance; then ps_num_parse_cell on cells of known length (the form the
# CSV reader uses). Compare versions in one run of a quiet machine: the figures
# move by 10% and more when other jobs share the CPU.
#
#   bash bench/bench_numparse.sh [CSV [LINES [ROUNDS]]]
#     CSV     default bench/data/relog-2000x20000.csv (bench/bench_summary.sh generates it)
#     LINES   data lines to load, default 2000 (2,000 counters each: ~3.9 M values)
#     ROUNDS  timed passes over all values, default: as many as fit in ~1.5 s (at least 3)
#   NUMPARSE='a.c b.c ...'        benchmark another version of the scanner: its source files
#                                 (default parser/text/numparse_scan.c, numparse.c,
#                                 numparse_avx2.c, numparse_avx512.c and model/stats/cpu.c; an
#                                 old one from 'git show REV:parser/text/numparse.c > /tmp/old.c'
#                                 with the other files of that revision)
#   CC=..., CFLAGS=...            compiler and flags (default cc, -O2)
#
# Exit status 1 when any value differs from strtod.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib/bench.sh
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
SRC=${NUMPARSE:-parser/text/numparse_scan.c parser/text/numparse.c parser/text/numparse_avx2.c parser/text/numparse_avx512.c model/stats/cpu.c}
# every folder holding a header, as CMakeLists.txt does
INC=$(find parser model -name '*.h' -printf '-I%h\n' | sort -u)
OUT=${TMPDIR:-/tmp}/numparse_bench.$$
trap 'rm -f "$OUT"' EXIT
DEFAULT=bench/data/relog-2000x20000.csv
if [ $# -eq 0 ] && [ ! -s "$DEFAULT" ]; then   # the summary benchmark's file, made the same way
  mkdir -p bench/data
  bench_gen_csv 20000 2000 "$DEFAULT"
fi
# shellcheck disable=SC2086   # $CFLAGS, $INC and $SRC are lists of words
"$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $CFLAGS -Wall -Wextra \
  $INC -o "$OUT" bench/numparse_bench.c $SRC -lm
"$OUT" "$@"
