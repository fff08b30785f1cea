#!/usr/bin/env bash
# Killing 'store add' midway leaves the database as it was (SQLite and PostgreSQL); killing
# 'convert -f sql' midway keeps its committed batches, and the same command again resumes after
# them: the log set complete, every value once, the database otherwise as it was; and two
# 'store add' at once on one SQLite file both land.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$PS_SOURCE_DIR/tests/cli/pg_lib.sh"
pg_require
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3 sqlite3 pg_dump
tmp=$(mktemp -d); trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
P=$PERFSCRIBE; S=$PS_SOURCE_DIR/samples; T=$S/trend
fail() { echo "FAIL: $*"; exit 1; }
lite="sqlite:$tmp/k.db"
pg=$(pg_new_db ps_store_kill)
pgdb=${pg#postgresql://perfscribe@/}; pgdb=${pgdb%%\?*}
dump() {   # the whole content of a database, as text
  case $1 in
    sqlite:*) sqlite3 "${1#sqlite:}" .dump ;;
    *) pg_dump --data-only --no-owner -d "$pgdb" | grep -v -e '^--' -e '^.restrict' -e '^.unrestrict' ;;
  esac
}
# true while the perfscribe of pid $2 holds the write transaction of database $1
in_tx() {
  case $1 in
    sqlite:*) ! sqlite3 "${1#sqlite:}" "PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1 ;;
    *) [ "$(psql -At -d "$pgdb" -c "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory'")" != 0 ] ;;
  esac
}
wait_tx() {   # wait (at most 60 s) until pid $2 is inside its transaction
  for _ in $(seq 600); do
    kill -0 "$2" 2>/dev/null || fail "process $2 ended before it could be killed"
    in_tx "$1" && return 0
    sleep 0.1
  done
  fail "process $2 never opened its transaction"
}
q() {   # one value of a query
  case $1 in
    sqlite:*) sqlite3 "${1#sqlite:}" "$2" ;;
    *) psql -At -d "$pgdb" -c "$2" ;;
  esac
}
# a CSV big enough that loading it takes a while (30 000 samples x 40 counters), and its
# non-blank cells (the CounterData rows it makes)
python3 "$PS_SOURCE_DIR/bench/gen_csv.py" 30000 40 "$tmp/big.csv"
cells=$(python3 -c '
import csv, sys
print(sum(1 for r in list(csv.reader(open(sys.argv[1], newline="")))[1:] for c in r[1:] if c.strip()))' "$tmp/big.csv")
for db in "$lite" "$pg"; do
  "$P" store --db "$db" add "$T/gen1-raid10" --label base -q >/dev/null
  "$P" convert "$S/perfmon/mbx01-2h.csv" -f sql -o "$db" -q
  dump "$db" >"$tmp/before.txt"
  # store add, killed while it holds its transaction (the test hook pauses it halfway)
  PERFSCRIBE_TEST_HOLD_SECONDS=30 "$P" store --db "$db" add "$S/jetstress" --label killed -q >/dev/null 2>&1 &
  pid=$!
  wait_tx "$db" $pid
  kill -KILL $pid; wait $pid 2>/dev/null || true
  dump "$db" | cmp - "$tmp/before.txt" || fail "store add killed: $db changed"
  # convert -f sql in batches of 20 000 rows, killed (SIGKILL) once a batch is committed, then
  # run again: it resumes after the committed records
  "$P" convert "$tmp/big.csv" -f sql -o "$db" -q --batch-rows 20000 &
  pid=$!
  for _ in $(seq 600); do
    [ "$(q "$db" "SELECT COUNT(*) FROM ps_relog_load")" = 1 ] && break
    kill -0 $pid 2>/dev/null || fail "convert -f sql ended before it could be killed"
    sleep 0.1
  done
  kill -KILL $pid; wait $pid 2>/dev/null || true
  done_before=$(q "$db" "SELECT records FROM ps_relog_load")
  [ "$done_before" -gt 0 ] && [ "$done_before" -lt 30000 ] || fail "killed convert: $done_before records committed"
  [ "$(q "$db" "SELECT COUNT(*) FROM DisplayToID")" = 1 ] || fail "killed convert: a log set marked complete"
  "$P" convert "$tmp/big.csv" -f sql -o "$db" -q --batch-rows 20000 2>"$tmp/resume.err"
  grep -q "big.csv: an interrupted load resumed after record $done_before (GUID " "$tmp/resume.err" \
    || { cat "$tmp/resume.err"; fail "no resume on $db"; }
  [ "$(q "$db" "SELECT COUNT(*) FROM ps_relog_load")" = 0 ] || fail "resumed load: progress row left"
  [ "$(q "$db" "SELECT NumberOfRecords FROM DisplayToID WHERE DisplayString LIKE '%big.csv'")" = 30000 ] \
    || fail "resumed load: record count"
  # every non-blank cell once (the unique key index holds: no duplicate)
  [ "$(q "$db" "SELECT COUNT(*) FROM CounterData v JOIN DisplayToID d ON d.GUID = v.GUID WHERE d.DisplayString LIKE '%big.csv'")" \
    = "$cells" ] || fail "resumed load: rows"
  [ "$(q "$db" "SELECT COUNT(*) FROM (SELECT DISTINCT GUID, CounterID, RecordIndex FROM CounterData) AS k")" \
    = "$(q "$db" "SELECT COUNT(*) FROM CounterData")" ] || fail "resumed load: duplicate keys"
  # and what was there before is as it was
  "$P" convert "$S/perfmon/mbx01-2h.csv" -f sql -o "$db" -q 2>/dev/null
  [ "$(q "$db" "SELECT COUNT(*) FROM CounterData v JOIN DisplayToID d ON d.GUID = v.GUID WHERE d.DisplayString LIKE '%mbx01-2h.csv'")" \
    = 11943 ] || fail "resumed load: the earlier log set changed"
  # and the database still works
  "$P" store --db "$db" add "$T/gen2-raid10" --label after -q >/dev/null
  [ "$("$P" store --db "$db" list | tail -1)" = "2 stored runs" ] || fail "after the kills: $db"
done
# two store add at once on one SQLite file: both land (the first holds the write lock 2 s)
c="sqlite:$tmp/c.db"
PERFSCRIBE_TEST_HOLD_SECONDS=2 "$P" store --db "$c" add "$T/gen1-raid10" --label one -q >/dev/null & p1=$!
"$P" store --db "$c" add "$T/gen2-raid10" --label two -q >/dev/null & p2=$!
wait $p1 || fail "first concurrent add"
wait $p2 || fail "second concurrent add"
"$P" store --db "$c" list >"$tmp/list.txt"
grep -q '^one ' "$tmp/list.txt" && grep -q '^two ' "$tmp/list.txt" && grep -q '^2 stored runs$' "$tmp/list.txt" || { cat "$tmp/list.txt"; fail "concurrent"; }
echo ok
