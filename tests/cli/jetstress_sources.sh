#!/bin/bash
# perfscribe jetstress on the bundled sample run: from counter logs alone (with the report's
# collection window as -b/-e), from reports alone and from both, --json gives the same figures
# within the reports' 3-decimal rounding (instances, servers and the aggregate).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
S="$PS_SOURCE_DIR/samples/jetstress"
ps_fixture "$S/MBX01"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PERFSCRIBE" jetstress --json "$S" > "$T/both.json" 2>"$T/both.err" || fail "both: exit $?"
"$PERFSCRIBE" jetstress --json "$S"/MBX0*/*.html > "$T/rep.json" 2>"$T/rep.err" || fail "reports: exit $?"
# logs alone: one run per server with its window (taken from the report text, by hand)
"$PERFSCRIBE" jetstress --json "$S"/MBX01/*.csv -b "3/14/2026 10:11:17" -e "3/14/2026 12:11:03" > "$T/l1.json" 2>/dev/null || fail "logs MBX01"
"$PERFSCRIBE" jetstress --json "$S"/MBX02/*.csv -b "3/14/2026 10:12:55" -e "3/14/2026 12:12:41" > "$T/l2.json" 2>/dev/null || fail "logs MBX02"
"$PERFSCRIBE" jetstress --json "$S"/MBX03/*.csv -b "3/14/2026 22:41:30" -e "3/15/2026 00:41:16" > "$T/l3.json" 2>/dev/null || fail "logs MBX03"

python3 - "$T" <<'PY' || exit 1
import json, sys, os
T = sys.argv[1]
load = lambda n: json.load(open(os.path.join(T, n)))
both, rep = load("both.json"), load("rep.json")
logs = [load(f"l{i}.json")["servers"][0] for i in (1, 2, 3)]
def perf(d):
    return {s["machine"]: s for s in d["servers"] if s["test_type"] == "Performance"}
B, R, L = perf(both), perf(rep), {s["machine"]: s for s in logs}
assert sorted(B) == sorted(R) == sorted(L) == ["MBX01", "MBX02", "MBX03"], (sorted(B), sorted(R), sorted(L))
H = 0.0005 + 1e-9
bad = []
def cmp(what, a, b, tol):
    if a is None or b is None:
        if a != b: bad.append(f"{what}: {a} vs {b}")
    elif abs(a - b) > tol:
        bad.append(f"{what}: {a} vs {b}")
ncmp = 0
for m in B:
    srcs = {"both": B[m], "reports": R[m], "logs": L[m]}
    assert srcs["both"]["window"]["samples"] == 480 and srcs["logs"]["window"]["samples"] == 480
    names = [i["instance"] for i in B[m]["instances"]]
    assert names == [i["instance"] for i in R[m]["instances"]] == [i["instance"] for i in L[m]["instances"]], m
    n = len(names)
    for k, inst in enumerate(names):
        for tab in ("transactional", "total", "maintenance", "replication"):
            for key, v in B[m]["instances"][k][tab].items():
                for src in ("reports", "logs"):
                    cmp(f"{m} {inst} {tab}.{key} both/{src}", v, srcs[src]["instances"][k][tab][key], H); ncmp += 1
        # with logs and a report, "reported" sits beside the recomputed figures and agrees
        rp = B[m]["instances"][k]["reported"]
        assert rp is not None and B[m]["instances"][k]["source"] == "logs"
        for key, v in rp["transactional"].items():
            cmp(f"{m} {inst} reported.{key}", v, B[m]["instances"][k]["transactional"][key], H); ncmp += 1
    for key, v in B[m]["server"].items():
        if key == "target_transactional_iops":
            continue
        # sums of n printed values: n half-units; means and weighted means: a few half-units
        tol = (n + 1) * H if key.endswith("_per_sec") or key.endswith("_iops") else 4 * H
        for src in ("reports", "logs"):
            cmp(f"{m} server.{key} both/{src}", v, srcs[src]["server"][key], tol); ncmp += 1
# reported Achieved IOPS row of each report equals the recomputed sum
for m in B:
    cmp(f"{m} achieved vs report row", B[m]["server"]["achieved_transactional_iops"],
        B[m]["reported_achieved_transactional_iops"], H); ncmp += 1
for key, v in both["aggregate"].items():
    tol = 20 * H if key.endswith("_per_sec") or key.endswith("_iops") else 4 * H
    cmp(f"aggregate.{key} both/reports", v, rep["aggregate"][key], tol); ncmp += 1
# hand check: MBX01 target 1000 x 0.2 = 200; aggregate target 200 + 250 + 300 = 750
assert B["MBX01"]["server"]["target_transactional_iops"] == 200
assert both["aggregate"]["target_transactional_iops"] == 750
if bad:
    print("\n".join(bad[:30])); sys.exit(1)
print(f"ok: {ncmp} comparisons")
PY
