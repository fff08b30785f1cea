#!/usr/bin/env bash
# perfscribe summary: text, CSV and JSON of a 4-row file written here, checked against values
# computed by hand:
#   Available MBytes 100,200,300,400: mean 250, stddev sqrt(50000/3) = 129.09944487358056,
#     p50 = rank floor(0.5*3)=1 -> 200, p95/p99 = rank 2 -> 300 (within 1 %), even intervals
#   Avg. Disk sec/Read 0.010, 0.020, (blank), 0.030: count 3, missing 1, mean 0.02, stddev 0.01,
#     intervals 15 s and 30 s -> time-weighted mean (0.01*15 + 0.02*30) / 45 = 0.0166666...
#   % Processor Time " ", 50, 70, 30: count 3, missing 1, mean 50, stddev 20
#   bias -60: 10:00:00 local = 09:00:00Z
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
printf '%s\r\n' \
  '"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)","\\H1\Memory\Available MBytes","\\H1\LogicalDisk(C:)\Avg. Disk sec/Read","\\H1\Processor(_Total)\% Processor Time"' \
  '"03/01/2026 10:00:00.000","100","0.010"," "' \
  '"03/01/2026 10:00:15.000","200","0.020","50"' \
  '"03/01/2026 10:00:30.000","300"," ","70"' \
  '"03/01/2026 10:00:45.000","400","0.030","30"' > a.csv

"$PS" summary --format json a.csv > a.json
python3 - <<'EOF'
import json, math
d = json.load(open("a.json"))
f = d["files"][0]
assert f["path"] == "a.csv" and f["format"] == "csv", f
assert f["timezone"] == "W. Europe Standard Time" and f["bias_minutes"] == -60, f
assert f["samples"] == 4 and f["utc_known"] is True, f
assert f["first"] == "2026-03-01T09:00:00.000Z" and f["last"] == "2026-03-01T09:00:45.000Z", f
c = {x["counter"]: x for x in d["counters"]}
assert len(d["counters"]) == 3
m = c["Available MBytes"]
assert (m["machine"], m["object"], m["instance"], m["parent"], m["index"]) == ("H1", "Memory", None, None, None), m
assert m["count"] == 4 and m["missing"] == 0 and m["min"] == 100 and m["max"] == 400 and m["mean"] == 250, m
assert abs(m["stddev"] - 129.09944487358056) < 1e-9, m
assert abs(m["p50"] - 200) <= 2 and abs(m["p95"] - 300) <= 3 and abs(m["p99"] - 300) <= 3, m
assert m["time_weighted_mean"] is None, m
k = c["Avg. Disk sec/Read"]
assert k["instance"] == "C:" and k["object"] == "LogicalDisk", k
assert k["count"] == 3 and k["missing"] == 1, k
assert abs(k["mean"] - 0.02) < 1e-15 and abs(k["stddev"] - 0.01) < 1e-15, k
assert abs(k["time_weighted_mean"] - 0.75 / 45) < 1e-15, k
assert abs(k["p50"] - 0.02) <= 0.0002, k
p = c["% Processor Time"]
assert p["count"] == 3 and p["missing"] == 1 and p["mean"] == 50 and abs(p["stddev"] - 20) < 1e-12, p
assert p["first"] == "2026-03-01T09:00:15.000Z" and p["last"] == "2026-03-01T09:00:45.000Z", p
EOF

"$PS" summary --format csv a.csv > a.out.csv
python3 - <<'EOF'
import csv
rows = list(csv.DictReader(open("a.out.csv", newline="")))
assert len(rows) == 3, rows
r = {x["counter"]: x for x in rows}
assert r["Available MBytes"]["path"] == "\\\\H1\\Memory\\Available MBytes", r
assert r["Available MBytes"]["mean"] == "250" and r["Available MBytes"]["min"] == "100", r
assert r["Available MBytes"]["time_weighted_mean"] == "", r
assert r["% Processor Time"]["count"] == "3" and r["% Processor Time"]["missing"] == "1", r
assert float(r["Avg. Disk sec/Read"]["stddev"]) == 0.01, r
assert r["Avg. Disk sec/Read"]["first"] == "2026-03-01T09:00:00.000Z", r
assert r["Avg. Disk sec/Read"]["index"] == "", r
EOF

"$PS" summary a.csv > a.txt
grep -q '^a.csv: csv, W. Europe Standard Time (bias -60 min), 4 samples, 2026-03-01T09:00:00.000Z .. 2026-03-01T09:00:45.000Z$' a.txt
# quantiles within 1 %: p50 of Available MBytes 198..202, p95/p99 297..303; disk p50 19.8m..20.2m
grep -Eq '^\\\\H1\\Memory\\Available MBytes +4 +0 +100 +400 +250 +129 +(19[89]|20[012]) +(29[789]|30[0-3]) +(29[789]|30[0-3]) +-$' a.txt
grep -Eq '^\\\\H1\\LogicalDisk\(C:\)\\Avg. Disk sec/Read +3 +1 +10.0m +30.0m +20.0m +10.0m +(19.[89]|20.[012])m .* 16.7m$' a.txt
# default format is text and nothing goes to stderr (not a terminal: no progress bar)
"$PS" summary a.csv 2> err.txt | cmp - a.txt
test ! -s err.txt
echo ok
