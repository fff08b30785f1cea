#!/usr/bin/env bash
# perfscribe analyze on the project's own twin logs (samples/analyze, made by make_twins.py):
# the German log (Windows-1252, German object and counter names, another zone) gives exactly the
# alerts of its English twin; the expected alerts are those the generator put in (processor
# busy 00:40-00:55, D: reads slow 01:20-01:30); exit codes, --fail-on, rule file errors, HTML and
# PDF outputs (qpdf --check, every alert in pdftotext).
set -euo pipefail
PS=${PERFSCRIBE:?}
D=${PS_SOURCE_DIR:?}/samples/analyze
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

rc=0; "$PS" analyze -q --format json "$D/server-en.csv" > "$T/en.json" || rc=$?
[ "$rc" = 1 ] || { echo "english twin: exit $rc, expected 1 (critical alerts)"; exit 1; }
rc=0; "$PS" analyze -q --format json "$D/server-de.csv" > "$T/de.json" || rc=$?
[ "$rc" = 1 ] || { echo "german twin: exit $rc, expected 1"; exit 1; }
python3 - "$T" <<'PY'
import json, sys
from datetime import datetime, timezone
t = sys.argv[1]
en, de = (json.load(open(t + "/%s.json" % n)) for n in ("en", "de"))
# times are each log's local time with its offset (-08:00, +01:00): compare the UTC instants
utc = lambda s: datetime.fromisoformat(s).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
for j in (en, de):
    for x in j["alerts"]:
        x["start"] = utc(x["start"])
strip = lambda a: [(x["severity"], x["rule"], x["start"], x["machine"], x["instance"], round(x["value"], 9)) for x in a]
assert en["alerts"], "no alert in the english twin"
assert strip(en["alerts"]) == strip(de["alerts"]), "alerts differ between the twins"
assert en["localized_columns"] == 0 and de["localized_columns"] == 16, (en["localized_columns"], de["localized_columns"])
rules = {(a["rule"], a["instance"]) for a in en["alerts"]}
# the generator: processor 0 and 1 at ~84-88 % from 00:40 to 00:55 local (09:40-09:55 UTC),
# D: reads at ~31 ms from 01:20 to 01:30 local (10:20-10:30 UTC); nothing else crosses a limit
# (processor-time-each stays silent: the total alerts in the same slices, one verdict per condition)
assert rules == {("processor-time", "_Total"), ("disk-read-latency", "D:")}, rules   # LogicalDisk _Total: excluded
for a in en["alerts"]:
    assert "2026-12-01T09:3" < a["start"] < "2026-12-01T10:3", a
    if a["rule"] == "disk-read-latency" and a["instance"] == "D:":
        assert a["start"] >= "2026-12-01T10:16", a
crit = [a for a in en["alerts"] if a["severity"] == "critical"]
assert en["alert_counts"]["critical"] == len(crit) and crit == en["alerts"][:len(crit)]
assert en["verdict"] == "fail" and en["rules_evaluated"] == 12, (en["verdict"], en["rules_evaluated"])
PY

# --fail-on: a rule that only warns passes by default and fails with --fail-on warning
cat > "$T/warn.rules" <<'R'
[rule cpu-warn]
counter = \Processor(_Total)\% Processor Time
include = _Total
warning = 75
R
"$PS" analyze -q --rules "$T/warn.rules" "$D/server-de.csv" > /dev/null
rc=0; "$PS" analyze -q --rules "$T/warn.rules" --fail-on warning "$D/server-de.csv" > /dev/null || rc=$?
[ "$rc" = 1 ] || { echo "--fail-on warning: exit $rc"; exit 1; }
# a log without any counter of the rules proves nothing: exit 1, verdict "no evidence"
printf '[rule x]\ncounter = \\Nothing\\Here\nwarning = 1\n' > "$T/none.rules"
rc=0; "$PS" analyze -q --rules "$T/none.rules" "$D/server-en.csv" > "$T/none.txt" 2>/dev/null || rc=$?
[ "$rc" = 1 ] && grep -q "no evidence" "$T/none.txt" || { echo "no evidence: exit $rc"; cat "$T/none.txt"; exit 1; }
# errors: bad rule file -> 3 with FILE:LINE:COL, unknown pack / option -> 2
printf '[rule x]\ncounter = \\A\\B\nstatistic = median\nwarning = 1\n' > "$T/bad.rules"
rc=0; "$PS" analyze -q --rules "$T/bad.rules" "$D/server-en.csv" 2> "$T/err" > /dev/null || rc=$?
[ "$rc" = 3 ] && grep -q "bad.rules:3:13: unknown statistic 'median'" "$T/err" || { echo "bad rules: $rc"; cat "$T/err"; exit 1; }
rc=0; "$PS" analyze -q --rules no-such-pack "$D/server-en.csv" 2> "$T/err" > /dev/null || rc=$?
[ "$rc" = 4 ] || [ "$rc" = 2 ] || { echo "unknown pack: exit $rc"; cat "$T/err"; exit 1; }
rc=0; "$PS" analyze --interval 0 "$D/server-en.csv" 2>/dev/null || rc=$?
[ "$rc" = 2 ] || { echo "bad --interval: exit $rc"; exit 1; }

# check on a plain log (no Jetstress run in it) judges it with the analysis rules; its
# --thresholds FILE is read as --rules FILE
rc=0; "$PS" check -q "$D/server-de.csv" > "$T/check.txt" 2> "$T/check.err" || rc=$?
[ "$rc" = 1 ] && grep -q "^perfscribe analyze: fail" "$T/check.txt" && ! grep -qi jetstress "$T/check.err" \
  || { echo "check on a plain log: exit $rc"; cat "$T/check.txt" "$T/check.err"; exit 1; }
"$PS" check -q "$D/server-de.csv" --thresholds "$T/warn.rules" > "$T/check2.txt"
grep -q "^rules: .*warn.rules (1 of 1 evaluated)" "$T/check2.txt" || { cat "$T/check2.txt"; exit 1; }

# HTML and PDF: written, valid, every alert in the PDF text
rc=0; "$PS" analyze -q "$D/server-de.csv" -o "$T/de.html" || rc=$?
[ "$rc" = 1 ] && grep -q "<svg" "$T/de.html" && ! grep -qi "<script" "$T/de.html" || { echo "html"; exit 1; }
rc=0; "$PS" analyze -q "$D/server-de.csv" -o "$T/de.pdf" || rc=$?
[ "$rc" = 1 ] || { echo "pdf: exit $rc"; exit 1; }
if command -v qpdf > /dev/null; then qpdf --check "$T/de.pdf" > /dev/null; fi
if command -v pdftotext > /dev/null; then
  pdftotext -layout "$T/de.pdf" "$T/de.txt" 2>/dev/null
  python3 - "$T" <<'PY'
import json, sys, re
t = sys.argv[1]
text = open(t + "/de.txt", encoding="utf-8").read()
rows = [l for l in text.splitlines() if re.match(r"\s*(critical|warning)\s+2026-12-01", l)]
alerts = json.load(open(t + "/de.json"))["alerts"]
assert len(rows) == len(alerts), (len(rows), len(alerts))
for a, l in zip(alerts, rows):
    assert a["severity"] in l and a["start"][11:19] in l, (a, l)
PY
fi
echo ok

# a log with none of the rules' counters: no time range, said as n/a (was bytes of an unwritten
# buffer, different from run to run)
printf '%s\r\n' '"(PDH-CSV 4.0) (UTC)(0)","\\H1\Foo\Bar"' '"03/01/2026 10:00:00.000","1"' \
  '"03/01/2026 10:00:15.000","2"' > "$T/norule.csv"
"$PS" analyze -q "$T/norule.csv" 2>/dev/null > "$T/norule.txt" || true
grep -qx 'logs: 1, machines: 0, rows: 0, from n/a to n/a, slices of 1 s' "$T/norule.txt" ||
  { echo "no-rule log: $(grep '^logs:' "$T/norule.txt")"; exit 1; }
