#!/usr/bin/env bash
# Byte identity of 'perfscribe convert' between two builds (a refactoring or speed change must
# not change a byte): every log in samples/, tests/data/ and ../shared/real-samples (when
# present) converted by both binaries to CSV, TSV (LF and CRLF), with --bucket, -t, -b/-e,
# --digits, --threads 1 / 2 / 4 where the new build knows it, several inputs merged, and to an
# SQLite database (compared as 'sqlite3 .dump'). Exit 0 when every output matches, 1 otherwise.
#
#   bash bench/convert_identity.sh OLD_PERFSCRIBE NEW_PERFSCRIBE
set -uo pipefail
cd "$(dirname "$0")/.."
OLD=${1:?old perfscribe}
NEW=${2:?new perfscribe}
SHARED=${PS_SHARED_DIR:-../shared}/real-samples
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
logs=()
while IFS= read -r f; do logs+=("$f"); done < <(
  { find samples tests/data -type f \( -name '*.csv' -o -name '*.tsv' -o -name '*.blg' \)
    [ -d "$SHARED" ] && find "$SHARED/blg" "$SHARED/csv" -type f; } | grep -v expected.tsv | sort)
new_threads=0
"$NEW" convert --help 2>/dev/null | grep -q -- --threads && new_threads=1
same=0
diff_=0
# run ARGS...: convert with both binaries, compare stdout, stderr and exit status
run() {
  "$OLD" convert -q "$@" >"$T/a" 2>"$T/ae"; echo "rc=$?" >>"$T/ae"
  local variants=("")
  [ $new_threads = 1 ] && variants=("--threads=1" "--threads=2" "--threads=4")
  for v in "${variants[@]}"; do
    if [ -n "$v" ]; then "$NEW" convert -q "--threads" "${v#--threads=}" "$@" >"$T/b" 2>"$T/be"
    else "$NEW" convert -q "$@" >"$T/b" 2>"$T/be"; fi
    echo "rc=$?" >>"$T/be"
    if cmp -s "$T/a" "$T/b" && cmp -s "$T/ae" "$T/be"; then same=$((same + 1))
    else diff_=$((diff_ + 1)); echo "DIFFERS: convert $* $v"; fi
  done
}
# the database dump with the log set's random GUID made constant
dump() { sqlite3 "$1" .dump 2>&1 | sed -E 's/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/GUID/g'; }
for f in "${logs[@]}"; do
  run "$f" -f csv
  run "$f" -f tsv --eol lf
  run "$f" -f csv --digits 6
  run "$f" -f csv --bucket 60
  run "$f" -f tsv -t 3
  run "$f" -f csv -b "1/1/2000 0:00:00" -e "12/31/2030 23:59:59"
  rm -f "$T/o.db" "$T/n.db"
  "$OLD" convert -q "$f" -f sql -o "sqlite:$T/o.db" >/dev/null 2>&1
  "$NEW" convert -q "$f" -f sql -o "sqlite:$T/n.db" >/dev/null 2>&1
  if [ ! -e "$T/o.db" ] && [ ! -e "$T/n.db" ] ||
     cmp -s <(dump "$T/o.db") <(dump "$T/n.db"); then same=$((same + 1))
  else diff_=$((diff_ + 1)); echo "DIFFERS: convert $f -f sql"; fi
done
# merges: pairs of logs of the same kind, and the jetstress/trend servers together
run samples/jetstress/MBX01/Performance_2026_3_14_10_11_2.csv samples/jetstress/MBX02/Performance_2026_3_14_10_12_40.csv -f csv
run samples/trend/gen1-raid10/MBX01/Performance_2025_5_6_9_0_5.csv samples/trend/gen1-raid10/MBX02/Performance_2025_5_6_9_0_42.csv -f tsv --bucket 300
run tests/data/csv/basic.csv tests/data/csv/basic.csv -f csv
run tests/data/blg/synthetic-layout-a.blg tests/data/blg/synthetic-layout-b.blg -f csv
if [ -d "$SHARED" ]; then
  run "$SHARED/blg/PS_CounterSamples.blg" "$SHARED/blg/PS_CounterSamples.csv" -f csv
  run "$SHARED/csv/india-tz-memory-cpu-small.csv" "$SHARED/csv/india-tz-memory-cpu-330-samples.csv" -f csv --bucket 30
fi
echo "convert identity: $same same, $diff_ different ($(basename "$OLD") vs $(basename "$NEW"), ${#logs[@]} logs)"
[ $diff_ = 0 ]
