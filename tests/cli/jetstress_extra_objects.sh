#!/bin/bash
# Issue 22 acceptance: the bundled three-server run as a real capture records it (LogicalDisk and
# PhysicalDisk volumes with _Total, every Processor, Memory, System, the process-level ESE object
# of JetstressWin and of the Information Store, mixed instance prefixes, a UTF-16LE log, a .blg)
# gives exactly the same jetstress --json figures (1e-9 relative) as the same run written with the
# ESE instance counters only. Both runs are written by samples/gen/gen_jetstress.py.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
G="$PS_SOURCE_DIR/samples/gen/gen_jetstress.py"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 "$G" "$T/full" > /dev/null || fail "generator (full)"
python3 "$G" "$T/inst" --instances-only > /dev/null || fail "generator (instances only)"
# the full run really carries the other objects
grep -q 'LogicalDisk(D:)' "$T/full/MBX01/"*.csv || fail "no LogicalDisk in the full run"
grep -q 'PhysicalDisk(_Total)' "$T/full/MBX02/"*.csv || fail "no PhysicalDisk in the full run"
grep -q 'MSExchange Database(Information Store)' "$T/full/MBX02/"*.csv || fail "no process-level ESE object"
grep -q 'LogicalDisk' "$T/inst/MBX01/"*.csv && fail "instances-only run has LogicalDisk"
"$PERFSCRIBE" jetstress --json "$T/full" -o "$T/full.json" 2> "$T/err1" || fail "jetstress full: $(cat "$T/err1")"
"$PERFSCRIBE" jetstress --json "$T/inst" -o "$T/inst.json" 2> "$T/err2" || fail "jetstress instances only: $(cat "$T/err2")"
python3 - "$T/full.json" "$T/inst.json" <<'PY' || fail "figures differ"
import json, math, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
n = 0
def same(x, y, where):
    global n
    if isinstance(x, dict):
        assert set(x) == set(y), where
        for k in x:
            same(x[k], y[k], where + "." + k)
    elif isinstance(x, list):
        assert len(x) == len(y), where
        for i, (u, v) in enumerate(zip(x, y)):
            same(u, v, "%s[%d]" % (where, i))
    elif isinstance(x, float) or isinstance(y, float):
        assert x is not None and y is not None, where
        assert math.isclose(x, y, rel_tol=1e-9, abs_tol=0), "%s: %r != %r" % (where, x, y)
        n += 1
    else:
        assert x == y, "%s: %r != %r" % (where, x, y)
assert [s["machine"] for s in a["servers"]] == ["MBX01", "MBX01", "MBX01", "MBX02", "MBX03"]
for sa, sb in zip(a["servers"], b["servers"]):
    w = "%s %s" % (sa["machine"], sa["test_type"])
    same(sa["instances"], sb["instances"], w + " instances")
    same(sa["server"], sb["server"], w + " server")
    same(sa["window"], sb["window"], w + " window")
    assert sa["verdict"]["result"] == sb["verdict"]["result"], w
    assert [i["instance"] for i in sa["instances"]] == [i["instance"] for i in sb["instances"]], w
same(a["aggregate"], b["aggregate"], "aggregate")
assert len(a["servers"][3]["instances"]) == 5 and a["aggregate"]["target_transactional_iops"] == 750
assert a["warnings"] == [], a["warnings"]
print("compared %d figures" % n)
PY
echo ok
