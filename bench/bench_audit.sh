#!/usr/bin/env bash
# Benchmark: 'perfscribe audit --paper' on generated paper texts of 320,000 and 2,000,000 lines
# (bench/gen_paper.py: one server table per 11 lines). Linear time means the CPU time grows
# about 6x from the first to the second. Prints wall and CPU time and the peak resident set size.
set -euo pipefail
PS=${PERFSCRIBE:-$(cd "$(dirname "$0")/.." && pwd)/build/perfscribe}
HERE=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
for lines in 320000 2000000; do
  python3 "$HERE/gen_paper.py" "$lines" "$out/paper.txt"
  /usr/bin/time -f "%e %U %S %M" -o "$out/time" "$PS" audit --paper "$out/paper.txt" >/dev/null 2>&1 || true
  read -r secs user sys kb < "$out/time"
  printf "audit %8d lines %6.2f s wall, %5.2f s CPU, peak RSS %6.1f MB\n" "$lines" "$secs" \
    "$(echo "$user + $sys" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
done
