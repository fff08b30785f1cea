#!/usr/bin/env bash
# Benchmark: 'perfscribe report' (PDF + HTML together, then each alone) on the 16-server run with
# 24-hour logs that bench_jetstress.sh generates into bench/data/jetstress16 (run.sh runs it
# first). Prints wall and CPU time and the peak resident set size.
set -euo pipefail
PS=${PERFSCRIBE:-$(cd "$(dirname "$0")/.." && pwd)/build/perfscribe}
DATA="$(cd "$(dirname "$0")" && pwd)/data/jetstress16"
[ -f "$DATA/.done" ] || { echo "no $DATA: run bench/bench_jetstress.sh first"; exit 0; }
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
export SOURCE_DATE_EPOCH=1764460800
for outs in "report.pdf report.html" "report.pdf" "report.html"; do
  args=(report "$DATA" -q)
  for o in $outs; do args+=(-o "$out/$o"); done
  /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$PS" "${args[@]}" 2>/dev/null || true
  read -r secs user sys kb < "$out/time"
  printf "report %-22s %6.2f s wall, %5.2f s CPU, peak RSS %6.1f MB\n" "$outs" "$secs" \
    "$(echo "$user + $sys" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
done
ls -l "$out" | awk '/report\./ {printf "%s: %.1f MB\n", $9, $5 / 1048576}'
