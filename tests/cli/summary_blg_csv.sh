#!/usr/bin/env bash
# Issue 3 acceptance: 'summary' on a .blg and on its relog CSV twin gives the same statistics.
set -euo pipefail
S=${PS_SHARED_DIR:-../shared}/real-samples/blg
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -f "$S/PS_CounterSamples.blg" ] && [ -f "$S/PS_CounterSamples.csv" ] || ps_skip_optional "../shared/real-samples not present"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$PERFSCRIBE" summary -q --format json "$S/PS_CounterSamples.blg" >"$tmp/blg.json"
"$PERFSCRIBE" summary -q --format json "$S/PS_CounterSamples.csv" >"$tmp/csv.json"
python3 - "$tmp/blg.json" "$tmp/csv.json" <<'PY'
import json, math, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["files"][0]["format"] == "blg" and b["files"][0]["format"] == "csv"
for k in ("timezone", "bias_minutes", "samples", "first", "last"):
    assert a["files"][0][k] == b["files"][0][k], (k, a["files"][0][k], b["files"][0][k])
ca, cb = a["counters"], b["counters"]
assert len(ca) == len(cb) == 10, (len(ca), len(cb))
n = 0
for x, y in zip(ca, cb):
    assert x["path"] == y["path"], (x["path"], y["path"])
    for k in ("count", "missing", "min", "max", "mean", "stddev", "p50", "p95", "p99", "first", "last"):
        u, v = x[k], y[k]
        if isinstance(u, float) or isinstance(v, float):
            assert u is not None and v is not None and math.isclose(u, v, rel_tol=1e-12, abs_tol=1e-300), (x["path"], k, u, v)
        else:
            assert u == v, (x["path"], k, u, v)
        n += 1
print(f"{n} statistics equal for {len(ca)} counters")
PY
