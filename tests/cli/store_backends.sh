#!/usr/bin/env bash
# perfscribe store on SQLite and on PostgreSQL: the same runs give the same 'store show' JSON
# and 'trend' output on both; a stored run equals what 'jetstress --json' computes from the raw
# files; 'trend --db' equals 'trend' on the raw folders; the same inputs again add nothing;
# labels and tags with quotes, semicolons and markup are kept as text; list/rm/--where;
# 'report --db' renders without the raw files.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$PS_SOURCE_DIR/tests/cli/pg_lib.sh"
pg_require
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE; S=$PS_SOURCE_DIR/samples; T=$S/trend
export SOURCE_DATE_EPOCH=1767225600   # stored_at: the same in both databases
lite="sqlite:$tmp/runs.db"
pg=$(pg_new_db ps_store_backends)
fail() { echo "FAIL: $*"; exit 1; }
odd=$'it\'s "gen1"; DROP TABLE ps_run;--<b>&'
# a copy of the run, to check that the same inputs from another folder are the same run
cp -r "$S/jetstress" "$tmp/copy"
for db in "$lite" "$pg"; do
  "$P" store --db "$db" add "$T/gen1-raid10" --label "$odd" --tag 'disk=raid10' --tag "note=<i>a;b'c\"</i>" -q >/dev/null
  "$P" store --db "$db" add "$T/gen2-raid10" --label gen2 --tag disk=raid10 -q >/dev/null
  "$P" store --db "$db" add "$T/gen2-raid6" --label gen2r6 --tag disk=raid6 -q >/dev/null
  "$P" store --db "$db" add "$S/jetstress" --label esrp --tag site=lab -q >/dev/null
  # the same inputs again (also from another folder): nothing added, exit 0
  out=$("$P" store --db "$db" add "$tmp/copy" --label esrp-again -q)
  [ "$out" = "esrp-again: the same inputs are stored already as 'esrp'; nothing added" ] || fail "re-add: $out"
  # a label that holds other inputs: usage error, nothing written
  set +e; "$P" store --db "$db" add "$T/gen2-raid6" --profile jetstress-2010 --label gen2 -q >/dev/null 2>"$tmp/err"; rc=$?; set -e
  [ $rc = 2 ] && grep -q "label 'gen2' already holds other inputs" "$tmp/err" || fail "label clash: rc $rc"
  "$P" store --db "$db" list --format json >"$tmp/list.json"
  python3 - "$tmp/list.json" "$odd" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
labels = [r["label"] for r in runs]
assert labels == sorted([sys.argv[2], "gen2", "gen2r6", "esrp"]), labels
odd = [r for r in runs if r["label"] == sys.argv[2]][0]
assert odd["tags"] == {"disk": "raid10", "note": "<i>a;b'c\"</i>"}, odd["tags"]
esrp = [r for r in runs if r["label"] == "esrp"][0]
# five server tests: MBX01 Performance, SoftRecovery and Stress, MBX02 and MBX03 Performance
assert esrp["servers"] == 5 and esrp["verdict"] == "fail", esrp
# every file of the run folder is an input, except its README
import os
run_files = sorted(os.path.realpath(os.path.join(d, f)) for d, _, fs in os.walk(os.environ["PS_SOURCE_DIR"] + "/samples/jetstress")
                   for f in fs if f != "README.md")
assert sorted(os.path.realpath(f["name"]) for f in esrp["files"]) == run_files, esrp["files"]
assert all(len(f["sha256"]) == 64 for f in esrp["files"])
PY
done
# every file's SHA-256 and size as sha256sum and stat see them
"$P" store --db "$lite" show esrp --format json >"$tmp/show-lite.json"
python3 - "$tmp/show-lite.json" <<'PY'
import hashlib, json, os, sys
for f in json.load(open(sys.argv[1]))["files"]:
    data = open(f["name"], "rb").read()
    assert f["sha256"] == hashlib.sha256(data).hexdigest() and f["size"] == len(data), f["name"]
PY
# the same 'store show' JSON from both databases, for every label
for label in "$odd" gen2 gen2r6 esrp; do
  "$P" store --db "$lite" show "$label" --format json >"$tmp/a.json"
  "$P" store --db "$pg" show "$label" --format json >"$tmp/b.json"
  cmp "$tmp/a.json" "$tmp/b.json" || fail "show $label differs between SQLite and PostgreSQL"
done
# the stored figures are what the raw pipeline computes (jetstress --json), bit for bit
"$P" jetstress --json "$S/jetstress" >"$tmp/raw.json"
python3 - "$tmp/show-lite.json" "$tmp/raw.json" <<'PY'
import json, sys
stored, raw = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
# failure explanations come from the per-sample runs of the logs, which the store does not keep
for srv in raw["servers"]:
    srv["verdict"]["failures"] = []
assert stored["run"] == raw, "stored run differs from jetstress --json"
v = {(x["machine"], x["test_type"]): x for x in stored["verdicts"]}
assert v[("MBX02", "Performance")]["result"] == "fail"
assert v[("MBX02", "Performance")]["reasons"] == ["MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms"]
assert v[("MBX02", "Performance")]["source"] == "both" and v[("MBX01", "SoftRecovery")]["source"] == "none"
PY
# trend: raw folders == SQLite == PostgreSQL (text and JSON)
"$P" trend "$odd=$T/gen1-raid10" "gen2=$T/gen2-raid10" "gen2r6=$T/gen2-raid6" -q >"$tmp/raw.txt"
grep -q '^Achieved transactional IOPS  *100% \[227 IOPS\]  *150% \[339 IOPS\]  *150% \[340 IOPS\]$' "$tmp/raw.txt" || fail "raw trend"
for db in "$lite" "$pg"; do
  "$P" trend --db "$db" "$odd" gen2 gen2r6 -q | cmp - "$tmp/raw.txt" || fail "trend --db $db"
  "$P" trend --db "$db" "$odd" gen2 gen2r6 --format json -q >"$tmp/db.json"
  "$P" trend "$odd=$T/gen1-raid10" "gen2=$T/gen2-raid10" "gen2r6=$T/gen2-raid6" --format json -q | cmp - "$tmp/db.json" \
    || fail "trend --db --format json $db"
  # --where: the two raid10 runs, in label order
  "$P" trend --db "$db" --where disk=raid10 --format json -q >"$tmp/where.json"
  python3 -c "import json,sys; l=[x['label'] for x in json.load(open(sys.argv[1]))['labels']]; assert l==sorted(l) and len(l)==2, l" "$tmp/where.json"
done
# report --db: the document of a stored run is the raw folder's document, from both databases:
# the HTML byte for byte, the PDF's text (pdftotext) line for line; nothing legitimately differs
# (the charts are drawn from the stored thinned series, which is what the report draws)
ps_need_tools pdftotext
for pair in "esrp=$S/jetstress" "$odd=$T/gen1-raid10" "gen2=$T/gen2-raid10"; do
  label=${pair%%=*}; dir=${pair#*=}
  "$P" report "$dir" -o "$tmp/raw.html" -o "$tmp/raw.pdf" -q 2>/dev/null
  if grep -q 'Why the failing tests failed' "$tmp/raw.html"; then
    # failure explanations come from the logs' per-sample runs, which the store does not keep:
    # the raw document must have them, and both databases must give the same stored document
    "$P" report --db "$lite" "$label" -o "$tmp/raw.html" -o "$tmp/raw.pdf" -q 2>/dev/null
    grep -q 'Why the failing tests failed' "$tmp/raw.html" && fail "report --db $label: an explanation out of nothing"
  fi
  pdftotext -layout "$tmp/raw.pdf" "$tmp/raw.txt"
  for db in "$lite" "$pg"; do
    "$P" report --db "$db" "$label" -o "$tmp/db.html" -o "$tmp/db.pdf" -q 2>/dev/null
    cmp "$tmp/raw.html" "$tmp/db.html" || fail "report --db $db $label: HTML differs from the raw folder's"
    pdftotext -layout "$tmp/db.pdf" "$tmp/db.txt"
    diff "$tmp/raw.txt" "$tmp/db.txt" >/dev/null || fail "report --db $db $label: PDF text differs from the raw folder's"
  done
done
# the esrp document holds what schema version 4 keeps: the soft recovery table (MBX01's four
# instances and the average of the report) and the test logs (first and last line of MBX02's)
"$P" report --db "$pg" esrp -o "$tmp/db.html" -o "$tmp/db.pdf" -q 2>/dev/null
pdftotext -layout "$tmp/db.pdf" "$tmp/db.txt"
grep -q 'Soft Recovery Statistics' "$tmp/db.txt" && grep -q 'Test Log' "$tmp/db.txt" || fail "report --db: tables missing"
grep -Eq 'Instance4711\.1 +500 +155\.778 +0\.312' "$tmp/db.txt" || fail "report --db: recovery row"
grep -Eq 'Average +500 +148\.279 +0\.297' "$tmp/db.txt" || fail "report --db: recovery average"
grep -q '3/14/2026 9:59:46 AM -- Preparing for testing...' "$tmp/db.html" || fail "report --db: test log first line"
grep -q 'Performance_2026_3_14_10_12_40.xml has 480 samples queried.' "$tmp/db.html" || fail "report --db: test log last line"
# the stored rows: 5 recovery rows (4 instances + Average), one event per test-log line
[ "$(sqlite3 "$tmp/runs.db" "SELECT COUNT(*) FROM ps_recovery r JOIN ps_run u ON u.id = r.run_id WHERE u.label = 'esrp'")" = 5 ] \
  || fail "ps_recovery rows"
[ "$(psql -At -d "$pg" -c "SELECT COUNT(*) FROM ps_event e JOIN ps_run u ON u.id = e.run_id WHERE u.label = 'esrp'")" \
  = "$(sqlite3 "$tmp/runs.db" "SELECT COUNT(*) FROM ps_event e JOIN ps_run u ON u.id = e.run_id WHERE u.label = 'esrp'")" ] \
  || fail "ps_event rows differ"
# MBX02's test log: 66 time-stamped lines in its Jetstress report's Test Log section
[ "$(sqlite3 "$tmp/runs.db" "SELECT COUNT(*) FROM ps_event e JOIN ps_run u ON u.id = e.run_id JOIN ps_server s
  ON s.run_id = u.id AND s.idx = e.server_idx WHERE u.label = 'esrp' AND s.machine = 'MBX02'")" = 66 ] || fail "MBX02 events"
# rm: gone from list; an unknown label is a usage error
for db in "$lite" "$pg"; do
  [ "$("$P" store --db "$db" rm gen2r6)" = "removed 'gen2r6'" ] || fail "rm"
  "$P" store --db "$db" list | grep -q '^gen2r6 ' && fail "rm left the run"
  "$P" store --db "$db" rm esrp >/dev/null
  set +e; "$P" store --db "$db" show gen2r6 2>"$tmp/err"; rc=$?; set -e
  [ $rc = 2 ] && grep -q "no stored run labelled 'gen2r6'" "$tmp/err" || fail "show after rm: $rc"
done
for table in ps_point ps_recovery ps_event; do
  [ "$(sqlite3 "$tmp/runs.db" "SELECT COUNT(*) FROM $table WHERE run_id NOT IN (SELECT id FROM ps_run)")" = 0 ] \
    || fail "rm left rows in $table"
done
# the schema version table
[ "$(sqlite3 "$tmp/runs.db" 'SELECT MAX(version) FROM ps_schema')" = 5 ] || fail "schema version"
[ "$(sqlite3 "$tmp/runs.db" 'PRAGMA journal_mode')" = wal ] || fail "WAL mode"
# a tag key given twice is a usage error, nothing stored
set +e; "$P" store --db "$lite" add "$T/gen2-raid6" --label dup --tag a=1 --tag a=2 2>"$tmp/err"; rc=$?; set -e
[ $rc = 2 ] && grep -q -- "--tag a given twice" "$tmp/err" || fail "duplicate tag: $rc"
"$P" store --db "$lite" list | grep -q '^dup ' && fail "duplicate tag stored a run"
# an unknown scheme
set +e; "$P" store --db mysql://x list 2>"$tmp/err"; rc=$?; set -e
[ $rc = 2 ] && grep -q "unknown database 'mysql://x'" "$tmp/err" || fail "unknown scheme"
echo "ok"
