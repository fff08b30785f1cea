#!/usr/bin/env bash
# perfscribe summary on the PowerShell CounterSamples twins in $PS_SHARED_DIR (skipped when
# absent): the CSV and the TSV written by Windows PDH from the same log must give the same
# statistics; the .blg itself (read by ps_log_open, format by content) must give them too once
# the .blg reader is in the build (that part is skipped while it is not); two inputs merge into
# doubled counts; a text log named .blg is refused with exit 3.
set -euo pipefail
PS=${PERFSCRIBE:?}
B=${PS_SHARED_DIR:-}/real-samples/blg
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -f "$B/PS_CounterSamples.csv" ] && [ -f "$B/PS_CounterSamples.tsv" ] || ps_skip_optional "$B not present"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

"$PS" summary -q --format json "$B/PS_CounterSamples.csv" > "$T/csv.json"
"$PS" summary -q --format json "$B/PS_CounterSamples.tsv" > "$T/tsv.json"
"$PS" summary -q --format json "$B/PS_CounterSamples.csv" "$B/PS_CounterSamples.tsv" > "$T/both.json"
blg=1
if ! "$PS" summary -q --format json "$B/PS_CounterSamples.blg" > "$T/blg.json" 2> "$T/blg.err"; then
  grep -q "not a PerfMon log" "$T/blg.err" || { cat "$T/blg.err"; exit 1; }
  echo "SKIP (part): the .blg reader is not in this build"
  blg=0
fi
python3 - "$T" "$blg" <<'EOF'
import json, math, sys
t, blg = sys.argv[1], sys.argv[2] == "1"
csv_, tsv = json.load(open(t + "/csv.json")), json.load(open(t + "/tsv.json"))
both = json.load(open(t + "/both.json"))
# facts documented for the sample: 25 samples, 11/26/2016 13:46:30.874 local, Pacific (bias 480)
f = csv_["files"][0]
assert (f["samples"], f["bias_minutes"], f["timezone"]) == (25, 480, "Pacific Standard Time"), f
assert f["first"] == "2016-11-26T21:46:30.874Z" and f["last"] == "2016-11-26T21:47:42.983Z", f
assert tsv["files"][0]["format"] == "tsv" and csv_["files"][0]["format"] == "csv"
assert csv_["counters"] == tsv["counters"], "CSV and TSV twins differ"
assert len(csv_["counters"]) == 10
# merged: same counters, counts doubled, same min/max/mean
assert len(both["counters"]) == 10 and len(both["files"]) == 2
for a, b in zip(csv_["counters"], both["counters"]):
    assert b["count"] == 2 * a["count"] and b["missing"] == 2 * a["missing"], (a["path"], a["count"], b["count"])
    if a["count"]:
        assert (b["min"], b["max"]) == (a["min"], a["max"]) and math.isclose(b["mean"], a["mean"], rel_tol=1e-12)
if blg:
    g = json.load(open(t + "/blg.json"))
    assert g["files"][0]["format"] == "blg" and g["files"][0]["samples"] == 25, g["files"][0]
    assert g["files"][0]["first"] == f["first"] and g["files"][0]["last"] == f["last"]
    assert len(g["counters"]) == 10
    for a, b in zip(csv_["counters"], g["counters"]):
        assert a["path"].lower() == b["path"].lower(), (a["path"], b["path"])
        assert (a["count"], a["missing"]) == (b["count"], b["missing"]), a["path"]
        for k in ("min", "max", "mean", "stddev", "p50", "p95", "p99"):
            x, y = a[k], b[k]
            assert (x is None and y is None) or math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12), (a["path"], k, x, y)
print("ok")
EOF
# PS_BadCounterSamples.blg (documented: 275 samples, 26 counters, 52 values with a bad status)
if [ "$blg" = 1 ] && [ -f "$B/PS_BadCounterSamples.blg" ]; then
  "$PS" summary -q --format json "$B/PS_BadCounterSamples.blg" > "$T/bad.json" 2> /dev/null
  python3 - "$T/bad.json" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["files"][0]["samples"] == 275 and len(d["counters"]) == 26, d["files"][0]
# every counter has a value or a missing mark in every sample; the 52 bad-status values are
# among the missing ones (first samples of rate counters and absent hosts are missing too)
assert all(c["count"] + c["missing"] == 275 for c in d["counters"])
assert sum(c["missing"] for c in d["counters"]) >= 52
assert d["files"][0]["timezone"] == "SA Eastern Standard Time" and d["files"][0]["bias_minutes"] == 180
EOF2
fi
if [ -f "$B/PS_CorruptBlg.blg" ]; then
  set +e
  "$PS" summary "$B/PS_CorruptBlg.blg" > /dev/null 2> "$T/err"
  rc=$?
  set -e
  [ "$rc" = 3 ] || { echo "FAIL: text log named .blg: rc $rc"; exit 1; }
  grep -q "PS_CorruptBlg.blg:" "$T/err"
fi
echo ok
