#!/usr/bin/env bash
# convert -f sql: relog's tables on SQLite and PostgreSQL. PS_CounterSamples.blg gives the 242
# values of relog's CSV twin (queried back and compared one by one, by counter and time); a
# query written against relog's schema (the README's) gives the same text on both databases;
# several logs append as separate log sets sharing CounterDetails, the same log again adds nothing
# (its log set is complete: same GUID); odd names are stored as text.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
shared=${PS_SHARED_DIR:-$PS_SOURCE_DIR/../shared}/real-samples/blg
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -f "$shared/PS_CounterSamples.blg" ] || ps_skip_optional "../shared absent"
. "$PS_SOURCE_DIR/tests/cli/pg_lib.sh"
pg_require
ps_need_tools python3 sqlite3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE
fail() { echo "FAIL: $*"; exit 1; }
lite="sqlite:$tmp/relog.db"
pg=$(pg_new_db ps_convert_sql)
pgdb=${pg#postgresql://perfscribe@/}; pgdb=${pgdb%%\?*}
q() {   # run SQL on a database, rows as a|b|c lines (floats in full precision)
  case $1 in
    sqlite:*) python3 -c '
import sqlite3, sys
for r in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print("|".join("" if v is None else repr(v) if isinstance(v, float) else str(v) for v in r))' "${1#sqlite:}" "$2" ;;
    *) PGOPTIONS="-c extra_float_digits=3" psql -At -F '|' -d "$pgdb" -c "$2" ;;
  esac
}
# the README's query against relog's schema, unchanged on both databases
readme_query=$(sed -n '/^-- relog-schema query begin/,/^-- relog-schema query end/p' "$PS_SOURCE_DIR/docs/readme/store.md" | grep -v '^-- relog-schema')
[ -n "$readme_query" ] || fail "no query in docs/readme/store.md"
for db in "$lite" "$pg"; do
  "$P" convert "$shared/PS_CounterSamples.blg" -f sql -o "$db" -q
  if [ "$db" = "$lite" ]; then   # loaded with a rollback journal, left in WAL mode as every store
    [ "$(sqlite3 "$tmp/relog.db" 'PRAGMA journal_mode')" = wal ] || fail "bulk load left the journal mode changed"
    [ ! -e "$tmp/relog.db-journal" ] || fail "bulk load left its rollback journal"
  fi
  q "$db" "SELECT c.MachineName, c.ObjectName, c.ParentName, c.InstanceName, c.InstanceIndex, c.CounterName,
                  v.CounterDateTime, v.CounterValue, d.MinutesToUTC, d.NumberOfRecords
           FROM CounterData v JOIN CounterDetails c ON c.CounterID = v.CounterID
                              JOIN DisplayToID d ON d.GUID = v.GUID" >"$tmp/values.txt"
  python3 - "$shared/PS_CounterSamples.csv" "$tmp/values.txt" <<'PY'
import csv, datetime, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
want = {}
for r in rows[1:]:
    for path, cell in zip(rows[0][1:], r[1:]):
        if cell.strip():
            want[(path.lower(), r[0])] = float(cell)
got = {}
for line in open(sys.argv[2]):
    m, o, parent, inst, idx, c, t, v, bias, nrec = line.rstrip("\n").split("|")
    assert int(nrec) == len(rows) - 1, nrec
    i = "" if not inst else "(" + (parent + "/" if parent else "") + inst + ("#" + idx if idx else "") + ")"
    local = datetime.datetime.strptime(t, "%Y-%m-%d %H:%M:%S.%f") - datetime.timedelta(minutes=int(bias))
    when = local.strftime("%m/%d/%Y %H:%M:%S.") + "%03d" % (local.microsecond // 1000)
    key = ((m + "\\" + o + i + "\\" + c).lower(), when)
    assert key not in got, key
    got[key] = float(v)
assert len(want) == 242, len(want)
assert got == want, (len(got), sorted(set(got) ^ set(want))[:5])
PY
  q "$db" "$readme_query" >"$tmp/readme-${db%%:*}.txt"
done
cmp "$tmp/readme-sqlite.txt" "$tmp/readme-postgresql.txt" || fail "the README query differs between SQLite and PostgreSQL"
[ "$(wc -l <"$tmp/readme-sqlite.txt")" = 10 ] || { cat "$tmp/readme-sqlite.txt"; fail "README query rows"; }
# a counter path with quotes, a semicolon and markup: stored as text
printf '"(PDH-CSV 4.0) (Pacific Standard Time)(480)","\\\\HOST\\My Obj(o'"'"'neil; DROP TABLE CounterData;--)\\<b>Count</b> ""q"""\r\n"01/02/2026 10:00:00.000","1.5"\r\n"01/02/2026 10:00:01.000","2.5"\r\n' >"$tmp/odd.csv"
for db in "$lite" "$pg"; do
  details=$(q "$db" "SELECT COUNT(*) FROM CounterDetails")
  # the same log again: in the database already, nothing added, a warning naming its GUID
  guid=$(q "$db" "SELECT GUID FROM DisplayToID")
  "$P" convert "$shared/PS_CounterSamples.blg" -f sql -o "$db" -q 2>"$tmp/again.err"
  grep -qx "perfscribe: warning: $shared/PS_CounterSamples.blg: this log set is in the database already (GUID $guid): nothing added" \
    "$tmp/again.err" || { cat "$tmp/again.err"; fail "the same log again: no warning"; }
  [ "$(q "$db" "SELECT COUNT(*) FROM CounterDetails")" = "$details" ] || fail "CounterDetails not shared"
  # two logs in one call: two more log sets, counters shared
  "$P" convert "$tmp/odd.csv" "$PS_SOURCE_DIR/tests/data/blg/synthetic-layout-a.blg" -f sql -o "$db" -q
  [ "$(q "$db" "SELECT COUNT(*) FROM DisplayToID")" = 3 ] || fail "log sets"
  [ "$(q "$db" "SELECT COUNT(*) FROM CounterData v JOIN DisplayToID d ON d.GUID = v.GUID WHERE d.DisplayString LIKE '%PS_CounterSamples.blg'")" = 242 ] || fail "one log set of 242"
  [ "$(q "$db" "SELECT c.ObjectName || '|' || c.InstanceName || '|' || c.CounterName || '|' || v.CounterValue FROM CounterData v JOIN CounterDetails c ON c.CounterID = v.CounterID WHERE v.RecordIndex = 2 AND c.MachineName = '\\\\HOST' AND c.ObjectName = 'My Obj'")" \
    = "My Obj|o'neil; DROP TABLE CounterData;--|<b>Count</b> \"q\"|2.5" ] || fail "odd names on $db"
done
echo ok
