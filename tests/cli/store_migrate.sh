#!/usr/bin/env bash
# Schema version 3 -> 4 in place, on SQLite and PostgreSQL. A version 3 database is built from
# the old statements (tests/data/store/schema-v3.sql, copied from schema.c before version 4)
# and filled with a run: the rows of its version 1-3 tables, which the current writer writes
# exactly as the old one did (version 4 only added tables), copied from a database the current
# perfscribe filled (SQLite: ATTACH + INSERT ... SELECT; PostgreSQL: \copy, exact reals). Then
# opening it with perfscribe must: record version 4 once, keep the file (same inode), keep the
# old run as it was (same 'store show' JSON), render it as a run without test-log rows, accept
# new runs whose report --db equals the raw report; and both backends must agree.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$PS_SOURCE_DIR/tests/cli/pg_lib.sh"
pg_require
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools sqlite3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE; S=$PS_SOURCE_DIR/samples; T=$S/trend
V3SQL=$PS_SOURCE_DIR/tests/data/store/schema-v3.sql
export SOURCE_DATE_EPOCH=1767225600
fail() { echo "FAIL: $*"; exit 1; }
tables="ps_run ps_tag ps_file ps_server ps_reason ps_threshold ps_log_file ps_instance ps_figure ps_host ps_text ps_point"
psq() { PGOPTIONS="-c client_min_messages=warning" psql -q -At -v ON_ERROR_STOP=1 -d "$@"; }

# the source of the old run's rows: a current database
"$P" store --db "sqlite:$tmp/src.db" add "$T/gen2-raid6" --label old --tag disk=raid6 -q >/dev/null
pgsrc=$(pg_new_db ps_migrate_src)
"$P" store --db "$pgsrc" add "$T/gen2-raid6" --label old --tag disk=raid6 -q >/dev/null

# SQLite version 3
sqlite3 "$tmp/v3.db" <"$V3SQL"
sql="ATTACH '$tmp/src.db' AS src;"
for t in $tables; do sql="$sql INSERT INTO $t SELECT * FROM src.$t;"; done
sqlite3 "$tmp/v3.db" "$sql"
[ "$(sqlite3 "$tmp/v3.db" 'SELECT MAX(version) FROM ps_schema')" = 3 ] || fail "not a version 3 database"
sqlite3 "$tmp/v3.db" "SELECT 1 FROM ps_event" 2>/dev/null && fail "version 3 has ps_event"
inode=$(stat -c %i "$tmp/v3.db")
lite="sqlite:$tmp/v3.db"

# PostgreSQL version 3
pg=$(pg_new_db ps_migrate_v3)
psq "$pg" -f "$V3SQL" >/dev/null
for t in $tables; do
  psq "$pgsrc" -c "\\copy $t TO '$tmp/$t.copy'"
  psq "$pg" -c "\\copy $t FROM '$tmp/$t.copy'"
done
[ "$(psq "$pg" -c 'SELECT MAX(version) FROM ps_schema')" = 3 ] || fail "PG: not a version 3 database"

# opening migrates: versions 1..5 recorded once each, the new tables there and empty
for db in "$lite" "$pg"; do
  "$P" store --db "$db" list >"$tmp/list.txt"
  grep -q '^old ' "$tmp/list.txt" || fail "$db: old run not listed after the upgrade"
done
[ "$(sqlite3 "$tmp/v3.db" 'SELECT group_concat(version) FROM (SELECT version FROM ps_schema ORDER BY version)')" = 1,2,3,4,5 ] \
  || fail "SQLite versions"
[ "$(psq "$pg" -c "SELECT string_agg(version::text, ',' ORDER BY version) FROM ps_schema")" = 1,2,3,4,5 ] || fail "PG versions"
[ "$(stat -c %i "$tmp/v3.db")" = "$inode" ] || fail "the SQLite file was replaced, not upgraded in place"
[ "$(sqlite3 "$tmp/v3.db" 'SELECT COUNT(*) FROM ps_event') $(sqlite3 "$tmp/v3.db" 'SELECT COUNT(*) FROM ps_recovery')" = "0 0" ] \
  || fail "SQLite new tables"
[ "$(psq "$pg" -c 'SELECT COUNT(*) FROM ps_event') $(psq "$pg" -c 'SELECT COUNT(*) FROM ps_recovery')" = "0 0" ] \
  || fail "PG new tables"
# a second open changes nothing
"$P" store --db "$lite" list >/dev/null
[ "$(sqlite3 "$tmp/v3.db" 'SELECT COUNT(*) FROM ps_schema')" = 5 ] || fail "migrated twice"

# the old run is intact: the same 'store show' JSON as in the current database, on both backends
"$P" store --db "sqlite:$tmp/src.db" show old --format json >"$tmp/src.json"
for db in "$lite" "$pg"; do
  "$P" store --db "$db" show old --format json | cmp - "$tmp/src.json" || fail "$db: old run changed by the upgrade"
done
# it renders as a version 4 run without test-log and recovery rows would (it has none stored)
sqlite3 "$tmp/src.db" "DELETE FROM ps_event; DELETE FROM ps_recovery"
"$P" report --db "sqlite:$tmp/src.db" old -o "$tmp/src.html" -q 2>/dev/null
for db in "$lite" "$pg"; do
  "$P" report --db "$db" old -o "$tmp/old.html" -q 2>/dev/null
  cmp "$tmp/old.html" "$tmp/src.html" || fail "$db: old run's document"
  grep -q 'Test Log' "$tmp/old.html" && fail "$db: a test log out of nothing"
done

# new runs in the upgraded databases keep their test log and recovery tables: their document is the
# one a store made at the current version gives (a stored run keeps figures and verdicts, not the
# per-sample runs that the raw document's failure explanations come from: docs/readme/store.md)
"$P" store --db "sqlite:$tmp/fresh.db" add "$S/jetstress" --label esrp -q >/dev/null
"$P" report --db "sqlite:$tmp/fresh.db" esrp -o "$tmp/raw.html" -q 2>/dev/null
for db in "$lite" "$pg"; do
  "$P" store --db "$db" add "$S/jetstress" --label esrp -q >/dev/null
  "$P" report --db "$db" esrp -o "$tmp/db.html" -q 2>/dev/null
  cmp "$tmp/raw.html" "$tmp/db.html" || fail "$db: report --db of a run added after the upgrade"
  "$P" store --db "$db" show esrp --format json >"$tmp/esrp-$(echo "$db" | cut -c1-6).json"
done
cmp "$tmp/esrp-sqlite.json" "$tmp/esrp-postgr.json" || fail "show esrp differs between SQLite and PostgreSQL"
echo "ok"
