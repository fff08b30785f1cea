#!/usr/bin/env bash
# perfscribe summary on the bundled sample (and on real samples in $PS_SHARED_DIR when present),
# checked against an independent computation in Python (csv module, exact sort for quantiles):
# counts, min and max exactly, mean and stddev to 1e-9 relative, the time-weighted mean, and
# p50/p95/p99 within 1 % of the value of rank floor(q*(n-1)).
set -euo pipefail
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

check() {   # check FILE: summary JSON vs Python
  "$PS" summary -q --format json "$1" > "$T/s.json"
  python3 - "$1" "$T/s.json" <<'EOF'
import csv, json, math, sys, datetime
path, js = sys.argv[1], sys.argv[2]
raw = open(path, "rb").read()
text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else raw.decode("utf-8-sig")
rows = list(csv.reader(text.splitlines(), delimiter="\t" if "\t" in text.splitlines()[0] else ","))
head, data = rows[0], [r for r in rows[1:] if r]
d = json.load(open(js))
assert d["files"][0]["samples"] == len(data), (d["files"][0]["samples"], len(data))
def t(s):
    return datetime.datetime.strptime(s, "%m/%d/%Y %H:%M:%S.%f")
assert len(d["counters"]) == len(head) - 1, (len(d["counters"]), len(head))
for i, c in enumerate(d["counters"], 1):
    assert c["path"] == head[i], (c["path"], head[i])
    pts = [(t(r[0]), float(r[i])) for r in data if r[i].strip()]
    v = sorted(x for _, x in pts)
    n = len(v)
    assert c["count"] == n and c["missing"] == len(data) - n, (c["path"], c["count"], n)
    if n == 0:
        assert c["mean"] is None and c["p50"] is None
        continue
    assert c["min"] == v[0] and c["max"] == v[-1], c["path"]
    mean = math.fsum(v) / n
    assert math.isclose(c["mean"], mean, rel_tol=1e-9, abs_tol=1e-12), (c["path"], c["mean"], mean)
    if n > 1:
        sd = math.sqrt(math.fsum((x - mean) ** 2 for x in v) / (n - 1))
        assert math.isclose(c["stddev"], sd, rel_tol=1e-9, abs_tol=1e-12), (c["path"], c["stddev"], sd)
    for q, k in ((0.5, "p50"), (0.95, "p95"), (0.99, "p99")):
        exact = v[math.floor(q * (n - 1))]
        assert abs(c[k] - exact) <= 0.01 * abs(exact) * (1 + 1e-9), (c["path"], k, c[k], exact)
    # time-weighted mean (left value held until the next present value), when reported
    if c["time_weighted_mean"] is not None:
        num = sum(pts[j][1] * (pts[j + 1][0] - pts[j][0]).total_seconds() for j in range(n - 1))
        span = (pts[-1][0] - pts[0][0]).total_seconds()
        assert math.isclose(c["time_weighted_mean"], num / span, rel_tol=1e-9), (c["path"], c["time_weighted_mean"], num / span)
print("checked", path, len(d["counters"]), "counters")
EOF
}

check "$SRC/samples/perfmon/mbx01-2h.csv"
# facts of the sample (see samples/perfmon/README.md): 480 collections minus one missed, 25
# counters, Pacific time (bias 480): first sample 08:00:07.418 local = 16:00:07.418Z
"$PS" summary -q --format json "$SRC/samples/perfmon/mbx01-2h.csv" > "$T/m.json"
python3 - "$T/m.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["files"][0]
assert (f["samples"], f["timezone"], f["bias_minutes"]) == (479, "Pacific Standard Time", 480), f
assert f["first"] == "2026-01-13T16:00:07.418Z" and f["first_local"] == "2026-01-13T08:00:07.418", f
assert len(d["counters"]) == 25
c = {x["path"]: x for x in d["counters"]}
db2 = c["\\\\MBX01\\MSExchange Database ==> Instances(Information Store - DB02/_Total)\\I/O Log Writes Average Latency"]
assert (db2["parent"], db2["instance"], db2["missing"]) == ("Information Store - DB02", "_Total", 4), db2
ws = c["\\\\MBX01\\Process(Microsoft.Exchange.Store.Worker#1)\\Working Set"]
assert (ws["instance"], ws["index"], ws["missing"]) == ("Microsoft.Exchange.Store.Worker", 1, 0), ws
EOF

# real samples kept outside the repository (skip quietly when absent)
REAL=${PS_SHARED_DIR:-}/real-samples/csv
if [ -d "$REAL" ]; then
  for f in "$REAL"/*.csv; do
    check "$f"
  done
  f=$REAL/india-tz-memory-cpu-330-samples.csv
  if [ -f "$f" ]; then
    "$PS" summary -q --format json "$f" > "$T/i.json"
    python3 - "$T/i.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
f = d["files"][0]
assert (f["samples"], f["bias_minutes"], f["timezone"]) == (330, -330, "India Standard Time"), f
assert f["first"] == "2023-02-25T05:50:17.685Z" and f["first_local"] == "2023-02-25T11:20:17.685", f
assert sum(c["missing"] for c in d["counters"]) == 1
EOF
  fi
else
  echo "SKIP: real samples not present ($REAL)"
fi
echo ok
