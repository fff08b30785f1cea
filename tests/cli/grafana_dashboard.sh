#!/usr/bin/env bash
# samples/grafana/perfscribe-system.json: valid JSON, made by its generator as committed, and every
# metric its panels query is one perfscribe writes (convert -f openmetrics of a log holding the
# counters of the built-in 'system' pack, whose paths are read from the pack file itself), with
# the machine and instance labels the panels select on.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
dash=$PS_SOURCE_DIR/samples/grafana/perfscribe-system.json
cp -r "$PS_SOURCE_DIR/samples/grafana" "$tmp/g"
python3 "$tmp/g/make_dashboard.py"
cmp "$dash" "$tmp/g/perfscribe-system.json" || fail "the dashboard differs from what make_dashboard.py writes"
# a log of the pack's counters (* -> instances _Total and one more), plus the two the derived
# network utilization reads
python3 - "$PS_SOURCE_DIR/parser/rules/packs/system.rules" >"$tmp/log.csv" <<'PY'
import re, sys
paths = []
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"counter\s*=\s*(\\.+?)\s*$", line)
    if m and "{" not in m.group(1):
        paths.append(m.group(1))
paths += [r"\Network Interface(*)\Bytes Total/sec", r"\Network Interface(*)\Current Bandwidth"]
cols = []
for p in dict.fromkeys(paths):
    for inst in (["_Total", "1"] if "(*)" in p else [None]):
        cols.append("\\\\SRV1" + (p.replace("(*)", "(" + inst + ")") if inst else p))
print(",".join('"%s"' % c for c in ["(PDH-CSV 4.0) (Coordinated Universal Time)(0)"] + cols), end="\r\n")
print(",".join('"%s"' % c for c in ["01/02/2026 00:00:00.000"] + ["1"] * len(cols)), end="\r\n")
PY
"$PERFSCRIBE" convert -q "$tmp/log.csv" -f openmetrics -o "$tmp/log.om"
python3 - "$dash" "$tmp/log.om" <<'PY' || fail "the dashboard queries what perfscribe does not write"
import json, re, sys
dash = json.load(open(sys.argv[1], encoding="utf-8"))
written, labels = set(), set()
for line in open(sys.argv[2], encoding="utf-8"):
    if line.startswith("perfmon_"):
        m = re.match(r"(\w+)\{(.*)\} ", line)
        written.add(m.group(1))
        labels.update(re.findall(r"(\w+)=", m.group(2)))
bad = 0
for p in dash["panels"]:
    for t in p["targets"]:
        for name in re.findall(r"perfmon_\w+", t["expr"]):
            if name not in written:
                print(f"{p['title']}: {name} is not written"); bad = 1
        for lab in re.findall(r"(\w+)\s*[!=]~?\s*\"", t["expr"]):
            if lab not in labels:
                print(f"{p['title']}: label {lab} is not written"); bad = 1
var = dash["templating"]["list"][0]["definition"]
if re.search(r"perfmon_\w+", var).group(0) not in written:
    print("the machine variable reads a metric not written"); bad = 1
print(f"{len(dash['panels'])} panels, {len(written)} metrics written")
sys.exit(bad)
PY
echo "ok: every query of the dashboard reads a metric and labels perfscribe writes"
