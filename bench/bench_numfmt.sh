#!/usr/bin/env bash
# Proof and speed of the relog number formatter ps_fmt_g (render/out/numfmt.c): builds
# bench/numfmt_bench.c with the system cc (-O2) against numfmt.c alone, compares ps_fmt_g with
# snprintf("%.*g") byte for byte on N doubles (default 100,000,000: random bit patterns with
# subnormals, counter readings 1e-3..1e9, integers, short decimals, neighbours of powers of ten
# and ties), then times both on counter readings. Runs JOBS seeds in parallel (default 2), each
# N/JOBS values. Exit status 1 on any mismatch. Takes minutes: snprintf is the slow half.
#
#   bash bench/bench_numfmt.sh [N]        (CC=..., CFLAGS=..., JOBS=...)
set -euo pipefail
cd "$(dirname "$0")/.."
CC=${CC:-cc}
CFLAGS=${CFLAGS:--O2}
N=${1:-100000000}
JOBS=${JOBS:-2}
OUT=${TMPDIR:-/tmp}/numfmt_bench.$$
trap 'rm -f "$OUT" "$OUT".*' EXIT
# shellcheck disable=SC2086
$CC $CFLAGS -std=c11 -D_POSIX_C_SOURCE=200809L -DPS_NUMFMT_STATS -Irender/out bench/numfmt_bench.c render/out/numfmt.c -lm -o "$OUT"
for j in $(seq 1 "$JOBS"); do
  "$OUT" $((N / JOBS)) $((88172645463325252 + j)) > "$OUT.$j" &
done
rc=0
wait || rc=1
total=0; bad=0; fb=0
for j in $(seq 1 "$JOBS"); do
  grep MISMATCH "$OUT.$j" | head -5 || true
  read -r c m f < <(sed -n 's/^checked \([0-9]*\) doubles: \([0-9]*\) mismatches, \([0-9]*\) .*/\1 \2 \3/p' "$OUT.$j")
  total=$((total + c)); bad=$((bad + m)); fb=$((fb + f))
done
echo "ps_fmt_g vs snprintf(\"%.*g\"): $total doubles checked, $bad mismatches ($fb of them formatted by the snprintf fallback)"
grep speed "$OUT.1"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$bad" = 0 ] && [ $rc = 0 ]
