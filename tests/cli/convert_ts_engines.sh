#!/usr/bin/env bash
# convert -f openmetrics and -o influx:// against the real engines (Debian's prometheus and
# influxdb packages): the bundled sample log merged with the German server log (Latin-1 names)
#   1. -f openmetrics -> promtool tsdb create-blocks-from openmetrics -> promtool tsdb dump;
#   2. -o influx://127.0.0.1:PORT/DB on a throwaway influxd (tests/influx_server.sh) -> the
#      /query API: SELECT * and SELECT count(*) per measurement;
# each checked by tests/cli/ts_verify.py: every column of `convert -f csv` of the same inputs is
# one series / field with exactly its values at exactly its UTC time stamps, and summary's count.
# Also: an unknown database (the server's message, exit 4, nothing reported written), an
# unreachable server (retries, exit 4), credentials never printed.
# Without promtool or influxd the part skips with the reason (tests/lib/skip.sh); under CI it fails.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
if [ -z "${PS_INFLUX_URL:-}" ] && [ -z "${PS_INFLUX_NONE:-}" ]; then
  exec bash "$PS_SOURCE_DIR/tests/influx_server.sh" run bash "$0" "$@"
fi
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
missing() { ps_skip "$1"; }
command -v python3 >/dev/null || missing "python3"
command -v promtool >/dev/null || missing "promtool (Debian package prometheus)"
[ -z "${PS_INFLUX_NONE:-}" ] || missing "$PS_INFLUX_NONE"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE
fail() { echo "FAIL: $*"; exit 1; }
ins=("$PS_SOURCE_DIR/samples/perfmon/mbx01-2h.csv" "$PS_SOURCE_DIR/samples/analyze/server-de.csv")
verify=$PS_SOURCE_DIR/tests/cli/ts_verify.py

"$P" convert -q "${ins[@]}" -f csv --eol lf -o "$tmp/ref.csv"
"$P" summary -q "${ins[@]}" --format json -o "$tmp/summary.json"

# 1. Prometheus: backfill, then every sample back out of the blocks
"$P" convert -q "${ins[@]}" -f openmetrics -o "$tmp/all.om"
tail -1 "$tmp/all.om" | grep -qx '# EOF' || fail "no # EOF at the end"
promtool tsdb create-blocks-from openmetrics "$tmp/all.om" "$tmp/tsdb" >"$tmp/backfill.log" 2>&1 ||
  { cat "$tmp/backfill.log"; fail "promtool refused the OpenMetrics file"; }
mkdir -p "$tmp/tsdb/wal"   # promtool tsdb dump opens the folder as a database
promtool tsdb dump "$tmp/tsdb" >"$tmp/dump.txt" 2>"$tmp/dump.err" || { cat "$tmp/dump.err"; fail "promtool tsdb dump"; }
python3 "$verify" "$tmp/ref.csv" "$tmp/summary.json" prom "$tmp/dump.txt" >"$tmp/prom.txt" ||
  { grep -v '^ok' "$tmp/prom.txt"; fail "Prometheus holds other samples than convert's CSV"; }
echo "prometheus: $(grep -c '^ok' "$tmp/prom.txt") series, $(wc -l <"$tmp/dump.txt") samples, as the CSV and summary"

# 2. InfluxDB: a direct write, then the /query API
http=${PS_INFLUX_HTTP:?}
python3 -c 'import sys, urllib.request, urllib.parse
urllib.request.urlopen(sys.argv[1] + "/query", urllib.parse.urlencode({"q": "CREATE DATABASE perfscribe"}).encode())' "$http"
INFLUX_USERNAME=someone INFLUX_PASSWORD=hunter2-secret "$P" convert "${ins[@]}" -o "$PS_INFLUX_URL/perfscribe" \
  >"$tmp/influx.out" 2>&1 || { cat "$tmp/influx.out"; fail "convert -o influx://"; }
grep -q "points written to $PS_INFLUX_URL/perfscribe" "$tmp/influx.out" || fail "no count of points written"
python3 "$verify" "$tmp/ref.csv" "$tmp/summary.json" influx "$http" perfscribe >"$tmp/influx.txt" ||
  { grep -v '^ok' "$tmp/influx.txt"; fail "InfluxDB holds other values than convert's CSV"; }
echo "influxdb: $(grep -c '^ok' "$tmp/influx.txt") fields, as the CSV and summary ($(cat "$tmp/influx.out"))"
# the same lines through a file: -f influx gives what the direct write sent (as many points)
"$P" convert -q "${ins[@]}" -f influx -o "$tmp/all.lp"
n=$(wc -l <"$tmp/all.lp")
grep -q "perfscribe: $n points written" "$tmp/influx.out" || fail "-f influx has $n lines, the write said: $(cat "$tmp/influx.out")"

# --jobs 2: each log written on its own connection, not merged: the same points (the two logs are
# two machines), counted over both
python3 -c 'import sys, urllib.request, urllib.parse
urllib.request.urlopen(sys.argv[1] + "/query", urllib.parse.urlencode({"q": "CREATE DATABASE perfscribe_jobs"}).encode())' "$http"
"$P" convert "${ins[@]}" --jobs 2 -o "$PS_INFLUX_URL/perfscribe_jobs" >"$tmp/jobs.out" 2>&1 ||
  { cat "$tmp/jobs.out"; fail "convert --jobs 2 -o influx://"; }
grep -q "perfscribe: $n points of 2 logs written to $PS_INFLUX_URL/perfscribe_jobs" "$tmp/jobs.out" ||
  fail "--jobs 2: $(cat "$tmp/jobs.out") (want $n points)"
python3 "$verify" "$tmp/ref.csv" "$tmp/summary.json" influx "$http" perfscribe_jobs >"$tmp/jobs.txt" ||
  { grep -v '^ok' "$tmp/jobs.txt"; fail "--jobs 2: InfluxDB holds other values than convert's CSV"; }
echo "influxdb --jobs 2: $(grep -c '^ok' "$tmp/jobs.txt") fields, as the CSV and summary"

# 3. refusals: the server's own message, exit 4, never the password
set +e
INFLUX_USERNAME=someone INFLUX_PASSWORD=hunter2-secret "$P" convert -q "${ins[0]}" -o "$PS_INFLUX_URL/nosuchdb" 2>"$tmp/e1"
rc=$?
set -e
[ "$rc" = 4 ] || fail "unknown database: exit $rc"
grep -q 'writing failed, nothing was written: the server answered HTTP 404: database not found' "$tmp/e1" ||
  fail "unknown database: $(cat "$tmp/e1")"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
set +e
INFLUX_PASSWORD=hunter2-secret "$P" convert -q "${ins[0]}" -o "influx://127.0.0.1:$port/perfscribe" 2>"$tmp/e2"
rc=$?
set -e
[ "$rc" = 4 ] || fail "no server: exit $rc"
grep -q "cannot reach the InfluxDB server: .*(after 5 attempts)" "$tmp/e2" || fail "no server: $(cat "$tmp/e2")"
set +e
"$P" convert -q "${ins[0]}" -o "influx://someone:hunter2-secret@127.0.0.1:$port/perfscribe" 2>"$tmp/e3"
rc=$?
set -e
[ "$rc" = 2 ] || fail "credentials in the URL: exit $rc"
! grep -q hunter2 "$tmp/influx.out" "$tmp/e1" "$tmp/e2" "$tmp/e3" || fail "a password was printed"
echo "ok: refusals (unknown database, no server, credentials in the URL) exit 4/4/2 with the reason"
