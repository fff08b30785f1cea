#!/usr/bin/env bash
# Benchmark: 'perfscribe jetstress' on a 16-server run with 24-hour logs (5,760 samples in the
# collection window at 15 s; 3-6 instances per server, 77 MB of PDH-CSV in all). Prints the wall
# time and the peak resident set size. The data is generated once into bench/data/jetstress16.
set -euo pipefail
PS=${PERFSCRIBE:-$(cd "$(dirname "$0")/.." && pwd)/build/perfscribe}
HERE=$(cd "$(dirname "$0")" && pwd)
DATA="$HERE/data/jetstress16"
if [ ! -f "$DATA/.done" ]; then
  echo "generating $DATA (16 servers x 5,763 samples) ..."
  rm -rf "$DATA"; mkdir -p "$DATA"
  python3 "$HERE/gen_jetstress16.py" "$DATA" > "$DATA/gen.log"
  touch "$DATA/.done"
fi
du -sh "$DATA" | awk '{print "input: " $1}'
for mode in text json; do
  args=(jetstress "$DATA" -q)
  [ $mode = json ] && args+=(--json)
  /usr/bin/time -f "%e %M" -o "$DATA/time.$mode" "$PS" "${args[@]}" > "$DATA/out.$mode" 2> "$DATA/err.$mode" || true
  read -r secs kb < "$DATA/time.$mode"
  printf "jetstress %-4s  16 servers x 5,760 samples: %6.2f s wall, peak RSS %6.1f MB\n" "$mode" "$secs" "$(echo "$kb / 1024" | bc -l)"
done
grep -c "Performance: FAIL" "$DATA/out.text" | awk '{print "failing servers: " $1 " (expected 1: MBX06)"}'
