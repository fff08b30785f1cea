#!/usr/bin/env bash
# convert -f sql over a folder tree of logs (one per server and day) with --jobs 2, on SQLite and
# PostgreSQL: every *.blg/*.csv/*.tsv of the tree is one log set (other files ignored), each
# with exactly the values the same log loaded alone gets; the same command again adds nothing; a
# bad log in the tree fails the command (exit 3, its location) while the others are stored, and
# the command then resumes without duplicates once the log is fixed; analyze reads the same tree.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$PS_SOURCE_DIR/tests/cli/pg_lib.sh"
pg_require
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3 sqlite3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE; S=$PS_SOURCE_DIR
fail() { echo "FAIL: $*"; exit 1; }
pg=$(pg_new_db ps_convert_fleet)
pgref=$(pg_new_db ps_convert_fleet_ref)
q() {
  case $1 in
    sqlite:*) sqlite3 "${1#sqlite:}" "$2" ;;
    *) local d=${1#postgresql://perfscribe@/}; PGOPTIONS="-c extra_float_digits=3" psql -At -d "${d%%\?*}" -c "$2" ;;
  esac
}
# the tree: three servers, logs of two formats, a file that is no log name, a nested folder
mkdir -p "$tmp/fleet/srv1" "$tmp/fleet/srv2/day2" "$tmp/fleet/srv3"
cp "$S/samples/perfmon/mbx01-2h.csv" "$tmp/fleet/srv1/mbx01.csv"
cp "$S/tests/data/blg/synthetic-layout-a.blg" "$tmp/fleet/srv2/a.blg"
cp "$S/tests/data/blg/synthetic-layout-b.blg" "$tmp/fleet/srv2/day2/B.BLG"
python3 "$S/bench/gen_csv.py" 3000 20 "$tmp/fleet/srv3/gen.csv"
echo "not a log" >"$tmp/fleet/srv3/notes.txt"
logs=("$tmp/fleet/srv1/mbx01.csv" "$tmp/fleet/srv2/a.blg" "$tmp/fleet/srv2/day2/B.BLG" "$tmp/fleet/srv3/gen.csv")
values() {   # file, counter path, record, value: one line each, sorted
  q "$1" "SELECT d.DisplayString || '|' || c.MachineName || '\\' || c.ObjectName || '(' || COALESCE(c.InstanceName, '') || ')\\'
                 || c.CounterName || '|' || v.RecordIndex || '|' || v.CounterDateTime || '|' || v.CounterValue
          FROM CounterData v JOIN CounterDetails c ON c.CounterID = v.CounterID JOIN DisplayToID d ON d.GUID = v.GUID" | sort
}
# per database: each log alone (one job, one call each) gives the reference values per file
for pair in "sqlite:$tmp/fleet.db sqlite:$tmp/ref.db" "$pg $pgref"; do
  db=${pair% *} ref=${pair#* }
  for f in "${logs[@]}"; do "$P" convert "$f" -f sql -o "$ref" -q 2>/dev/null; done
  values "$ref" >"$tmp/ref.txt"
  cp "$tmp/ref.txt" "$tmp/ref-${db%%:*}.txt"
  [ "$(wc -l <"$tmp/ref.txt")" -gt 50000 ] || fail "reference: too few values"
  "$P" convert "$tmp/fleet" -f sql -o "$db" --jobs 2 -q 2>/dev/null
  [ "$(q "$db" "SELECT COUNT(*) FROM DisplayToID")" = 4 ] || fail "$db: log sets"
  values "$db" | cmp - "$tmp/ref.txt" || fail "$db: values differ from the logs loaded one by one"
  # the same command again: nothing added, one warning per log
  "$P" convert "$tmp/fleet" -f sql -o "$db" --jobs 2 -q 2>"$tmp/again.err"
  [ "$(grep -c 'this log set is in the database already' "$tmp/again.err")" = 4 ] || { cat "$tmp/again.err"; fail "$db: again"; }
  values "$db" | cmp - "$tmp/ref.txt" || fail "$db: changed by the second run"
done
# a bad log in the tree: exit 3 with its location, the other logs stored; fixed, the same command
# completes the tree
db="sqlite:$tmp/bad.db"
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\H\\O\\C"\r\n"01/02/2026 10:00:00.000","1"\r\n"01/02/2026 10:00:01.000","x"\r\n' \
  >"$tmp/fleet/srv3/broken.csv"
set +e
"$P" convert "$tmp/fleet" -f sql -o "$db" --jobs 2 -q 2>"$tmp/bad.err"; rc=$?
set -e
[ $rc = 3 ] || { cat "$tmp/bad.err"; fail "bad log: exit $rc"; }
grep -q "^perfscribe: $tmp/fleet/srv3/broken.csv:3:" "$tmp/bad.err" || { cat "$tmp/bad.err"; fail "bad log: location"; }
[ "$(q "$db" "SELECT COUNT(*) FROM DisplayToID")" = 4 ] || fail "bad log: the good logs not stored"
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\H\\O\\C"\r\n"01/02/2026 10:00:00.000","1"\r\n"01/02/2026 10:00:01.000","2"\r\n' \
  >"$tmp/fleet/srv3/broken.csv"
"$P" convert "$tmp/fleet" -f sql -o "$db" --jobs 2 -q 2>/dev/null
[ "$(q "$db" "SELECT COUNT(*) FROM DisplayToID")" = 5 ] || fail "fixed log: log sets"
values "$db" | grep -v 'broken.csv' | cmp - "$tmp/ref-sqlite.txt" || fail "fixed log: values"
[ "$(q "$db" "SELECT COUNT(*) FROM CounterData")" = "$(($(wc -l <"$tmp/ref-sqlite.txt") + 2))" ] || fail "fixed log: rows"
# analyze takes the same tree: its logs in path order, as if named one by one
rm "$tmp/fleet/srv3/broken.csv"
"$P" analyze "$tmp/fleet" --format json -q >"$tmp/tree.json" 2>/dev/null || true
"$P" analyze "$tmp/fleet/srv1/mbx01.csv" "$tmp/fleet/srv2/a.blg" "$tmp/fleet/srv2/day2/B.BLG" "$tmp/fleet/srv3/gen.csv" \
  --format json -q >"$tmp/named.json" 2>/dev/null || true
grep -q '"rows":' "$tmp/named.json" || fail "analyze: no result"
cmp "$tmp/tree.json" "$tmp/named.json" || fail "analyze of the tree differs from the logs named one by one"
# a folder without a log: exit 3, named
mkdir "$tmp/empty"
set +e
"$P" convert "$tmp/empty" -f sql -o "$db" -q 2>"$tmp/empty.err"; rc=$?
set -e
[ $rc = 3 ] && grep -qx "perfscribe: $tmp/empty: no counter log (\*.blg, \*.csv, \*.tsv) in this folder tree" "$tmp/empty.err" \
  || { cat "$tmp/empty.err"; fail "empty folder: exit $rc"; }
echo ok
