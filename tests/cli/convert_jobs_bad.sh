#!/usr/bin/env bash
# Bad logs among good ones with --jobs 2: `convert TREE -o influx://HOST:PORT/DB --jobs 2` (a
# throwaway influxd, tests/influx_server.sh) and `convert TREE -f sql -o sqlite:DB --jobs 2`.
# The tree: two good logs (the sample log, the German server log) and two bad ones: a UTF-16
# PDH-CSV whose line 101 holds a malformed number, and a .blg cut after its first 2 KiB buffer.
# Expected: exit 3; the first bad log in path order is the error line `perfscribe: FILE:LINE:COL:
# message` (the .blg, which has no lines, `perfscribe: FILE: message`), the other named in a
# warning; no success line, but "N points of the 2 logs that did not fail written ...; 2 of 4
# failed" (influx) with N the good logs' -f influx lines; every value of the good logs in the engine
# (tests/cli/ts_verify.py against convert -f csv and summary of the good logs alone) and nothing
# of the bad ones (the UTF-16 log fails before its first batch of 5,000 points is sent); in
# SQLite exactly the good logs' log sets with the rows they get loaded alone, no value of the bad
# ones; no crash.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
if [ -z "${PS_INFLUX_URL:-}" ] && [ -z "${PS_INFLUX_NONE:-}" ]; then
  exec bash "$PS_SOURCE_DIR/tests/influx_server.sh" run bash "$0" "$@"
fi
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3 sqlite3
[ -z "${PS_INFLUX_NONE:-}" ] || ps_skip "$PS_INFLUX_NONE"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE; S=$PS_SOURCE_DIR
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$tmp/fleet/srv1" "$tmp/fleet/srv2" "$tmp/fleet/srv3" "$tmp/fleet/srv4"
good1=$tmp/fleet/srv1/mbx01.csv good2=$tmp/fleet/srv3/de.csv
bad1=$tmp/fleet/srv2/mbx09-utf16.csv bad2=$tmp/fleet/srv4/cut.blg
cp "$S/samples/perfmon/mbx01-2h.csv" "$good1"
cp "$S/samples/analyze/server-de.csv" "$good2"
# the sample log as machine MBX09 in UTF-16LE with a byte order mark, its line 101's third cell
# "12x4" (column 48 of the line)
python3 - "$S/samples/perfmon/mbx01-2h.csv" "$bad1" <<'PY'
import sys
lines = open(sys.argv[1], "rb").read().decode("ascii").replace("MBX01", "MBX09").split("\r\n")
cells = lines[100].split(",")
cells[2] = '"12x4"'
lines[100] = ",".join(cells)
open(sys.argv[2], "wb").write(b"\xff\xfe" + "\r\n".join(lines).encode("utf-16-le"))
PY
col=$(python3 -c 'import sys; l = open(sys.argv[1], "rb").read().decode("ascii").split("\r\n")[100]; print(len(",".join(l.split(",")[:2])) + 2)' \
  "$S/samples/perfmon/mbx01-2h.csv")
head -c 2048 "$S/tests/data/blg/synthetic-layout-a.blg" >"$bad2"
# each bad log alone: its own message, exit 3 (the reference for the lines below)
for b in "$bad1" "$bad2"; do
  set +e
  "$P" convert -q "$b" -f csv -o "$tmp/alone.csv" 2>"$tmp/alone.err"; rc=$?
  set -e
  [ $rc = 3 ] || { cat "$tmp/alone.err"; fail "$b alone: exit $rc"; }
  grep -v '^perfscribe: warning: ' "$tmp/alone.err" >>"$tmp/errors.txt"
done
[ "$(wc -l <"$tmp/errors.txt")" = 2 ] || { cat "$tmp/errors.txt"; fail "each bad log alone: one error line each"; }
grep -qx "perfscribe: $bad1:101:$col: malformed number \"12x4\" in column 3" "$tmp/errors.txt" ||
  { cat "$tmp/errors.txt"; fail "UTF-16 log: not FILE:101:$col"; }
grep -q "^perfscribe: $bad2: " "$tmp/errors.txt" || { cat "$tmp/errors.txt"; fail "cut .blg: not named"; }
err1=$(sed -n 1p "$tmp/errors.txt") err2=$(sed -n 2p "$tmp/errors.txt")

# what the good logs hold, read alone
"$P" convert -q "$good1" "$good2" -f csv --eol lf -o "$tmp/ref.csv"
"$P" summary -q "$good1" "$good2" --format json -o "$tmp/summary.json"
"$P" convert -q "$good1" -f influx -o "$tmp/g1.lp"
"$P" convert -q "$good2" -f influx -o "$tmp/g2.lp"

# the outcome of one --jobs 2 run over the tree: exit 3, the first failure (path order) as the
# error line, the second as a warning, no success line
check_run() {   # what, stderr file, exit status
  [ "$3" = 3 ] || { cat "$2"; fail "$1: exit $3, want 3"; }
  grep -v -e '^perfscribe: warning: ' -e '^perfscribe: [0-9]* points of the [0-9]* logs that did not fail' "$2" \
    >"$tmp/lines.txt" || true
  [ "$(cat "$tmp/lines.txt")" = "$err1" ] || { cat "$2"; fail "$1: the error line is not: $err1"; }
  grep -qxF "perfscribe: warning: ${err2#perfscribe: } (this input failed too)" "$2" ||
    { cat "$2"; fail "$1: the second bad log is not named"; }
  ! grep -q 'Segmentation\|Abort\|runtime error\|points of [0-9]* logs written' "$2" || { cat "$2"; fail "$1: $(cat "$2")"; }
}

# 1. InfluxDB
http=${PS_INFLUX_HTTP:?}
python3 -c 'import sys, urllib.request, urllib.parse
urllib.request.urlopen(sys.argv[1] + "/query", urllib.parse.urlencode({"q": "CREATE DATABASE fleetbad"}).encode())' "$http"
set +e
"$P" convert "$tmp/fleet" -o "$PS_INFLUX_URL/fleetbad" --jobs 2 >"$tmp/influx.out" 2>"$tmp/influx.err"; rc=$?
set -e
check_run "influx --jobs 2" "$tmp/influx.err" $rc
# what went in is said, not as a success: the points of the two good logs (their -f influx lines)
np=$(($(wc -l <"$tmp/g1.lp") + $(wc -l <"$tmp/g2.lp")))
grep -qx "perfscribe: $np points of the 2 logs that did not fail written to $PS_INFLUX_URL/fleetbad; 2 of 4 failed" \
  "$tmp/influx.err" || { cat "$tmp/influx.err"; fail "influx: no count of the good logs' points ($np)"; }
python3 "$S/tests/cli/ts_verify.py" "$tmp/ref.csv" "$tmp/summary.json" influx "$http" fleetbad >"$tmp/verify.txt" ||
  { grep -v '^ok' "$tmp/verify.txt"; fail "influx: the good logs' points are not all there, or a bad log's are"; }
# no point of the UTF-16 log's machine in any measurement
python3 - "$http" <<'PY' || fail "influx: points of the bad UTF-16 log were written"
import json, sys, urllib.parse, urllib.request
q = urllib.parse.urlencode({"db": "fleetbad", "q": "SHOW SERIES WHERE machine = 'MBX09'"})
res = json.load(urllib.request.urlopen(sys.argv[1] + "/query?" + q))["results"][0]
sys.exit(1 if res.get("series") else 0)
PY
echo "influx --jobs 2: exit 3, '$err1', the other bad log named; $(grep -c '^ok' "$tmp/verify.txt") fields of the good logs as read alone ($np points, as said), none of the bad ones"

# 2. SQLite (relog's tables): the good logs' log sets, each as loaded alone
db=$tmp/fleet.db
set +e
"$P" convert "$tmp/fleet" -f sql -o "sqlite:$db" --jobs 2 >"$tmp/sql.out" 2>"$tmp/sql.err"; rc=$?
set -e
check_run "sql --jobs 2" "$tmp/sql.err" $rc
"$P" convert -q "$good1" -f sql -o "sqlite:$tmp/ref.db"
"$P" convert -q "$good2" -f sql -o "sqlite:$tmp/ref.db"
[ "$(sqlite3 "$db" 'SELECT DisplayString FROM DisplayToID ORDER BY 1')" = "$(printf '%s\n%s' "$good1" "$good2")" ] ||
  fail "sql: log sets $(sqlite3 "$db" 'SELECT DisplayString FROM DisplayToID')"
want=$(sqlite3 "$tmp/ref.db" 'SELECT COUNT(*) FROM CounterData')
[ "$(sqlite3 "$db" 'SELECT COUNT(*) FROM CounterData')" = "$want" ] || fail "sql: rows differ from the good logs loaded alone ($want)"
# (its counters may be in CounterDetails: a log set is complete once its DisplayToID row is
# written, and a fixed log resumes it; tests/cli/convert_fleet.sh)
[ "$(sqlite3 "$db" "SELECT COUNT(*) FROM CounterData v JOIN CounterDetails c ON c.CounterID = v.CounterID
                   WHERE c.MachineName LIKE '%MBX09%'")" = 0 ] || fail "sql: values of the bad UTF-16 log stored"
echo "sql --jobs 2: exit 3, the good logs' 2 log sets ($want rows), nothing of the bad ones"
echo ok
