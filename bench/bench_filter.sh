#!/usr/bin/env bash
# Micro-benchmark of the counter filter (model/stats/filter.c): builds bench/filter_bench.c with
# the system cc (-O2) against the build's model library and times COLS columns against PATS
# exact patterns looked up in the hash table, the same globbed one by one (the filter before
# the table: columns x patterns), and PATS wildcard patterns (see filter_bench.c).
#
#   bash bench/bench_filter.sh [COLS [PATS]]   (default 200,000 x 4,000: the wide log of
#                                               bench_analyze.sh and the columns its packs use)
#   BUILD=DIR   the CMake build folder holding libps_model.a (default: the folder of $PERFSCRIBE,
#               else build)
set -euo pipefail
cd "$(dirname "$0")/.."
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
BUILD=${BUILD:-$(dirname "${PERFSCRIBE:-build/perfscribe}")}   # make bench passes PERFSCRIBE
[ -f "$BUILD/libps_model.a" ] || { echo "bench: $BUILD/libps_model.a not built (make build)" >&2; exit 2; }
INC=$(find model -name '*.h' -printf '-I%h\n' | sort -u)
OUT=${TMPDIR:-/tmp}/filter_bench.$$
trap 'rm -f "$OUT"' EXIT
# shellcheck disable=SC2086   # $CFLAGS and $INC are lists of words
"$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $CFLAGS -Wall -Wextra $INC -o "$OUT" \
  bench/filter_bench.c "$BUILD/libps_model.a" $(pkg-config --libs libpcre2-8) -lm -lpthread
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
"$OUT" "$@"
