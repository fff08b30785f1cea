#!/usr/bin/env bash
# make bench: run every benchmark script bench/bench_*.sh with the given perfscribe binary.
# Each script prints its own table; generated data goes to bench/data/ (git-ignored).
set -euo pipefail
PS=$(cd "$(dirname "${1:-build/perfscribe}")" && pwd)/$(basename "${1:-build/perfscribe}")
cd "$(dirname "$0")"
for b in bench_*.sh; do
  [ -f "$b" ] || continue
  echo "=== $b"
  PERFSCRIBE="$PS" bash "$b"
done
