#!/bin/bash
# Issue 28, failure explanation: three hand-built one-instance logs (tests/data/jetstress/explain,
# 80 samples every 15 s from 10:00:00, W. Europe Standard Time = UTC+01:00):
#   bursts    - 5 ms except 8 samples > 100 ms: 10:01:15-10:01:45 (120, 130, 125), 10:05:00 (110),
#               10:07:30-10:08:15 (150, 187.5, 140, 115): 3 runs, longest 4 samples (45 s),
#               worst 187.5 at 10:07:45; 8 > 6 allowed fails; mean (72*5 + 1077.5)/80 = 17.97 passes
#   sustained - 10 ms for 20 samples, then 120 ms from 10:05:00 to 10:19:45 (60 samples, 14 min
#               45 s), 210 at 10:12:30: 60 of 80 >= half; mean (20*10 + 59*120 + 210)/80 = 93.625
#   spike     - 5 ms except 2500 at 10:10:00: mean (79*5 + 2500)/80 = 36.1875 > 20 fails, one
#               run of one sample; the maximum-latency rule passes (1 <= 6)
# The explanations follow each reason in check's text, JUnit and JSON.
set -u
D="$PS_SOURCE_DIR/tests/data/jetstress/explain"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_fixture "$D/bursts"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
line() {  # line DIR "EXACT LINE"
    "$PERFSCRIBE" check -q --no-qualification "$D/$1" > "$T/o" 2>/dev/null; local rc=$?
    [ $rc = 1 ] || fail "$1: exit $rc, want 1"
    grep -qxF -- "$2" "$T/o" || fail "$1: no line '$2' in: $(cat "$T/o")"
}
Z="(W. Europe Standard Time, UTC+01:00)"
line bursts "  EXP1 Instance7.1: 8 samples of database read latency > 100 ms (6 allowed)"
line bursts "    why: bursts: 8 of 80 samples > 100 ms in 3 runs; longest run 4 samples, 2026-03-14 10:07:30.000 to 10:08:15.000 (45 s); worst 187.5 ms at 2026-03-14 10:07:45.000 $Z"
line sustained "    why: sustained: 60 of 80 samples > 100 ms in 1 run; longest run 60 samples, 2026-03-14 10:05:00.000 to 10:19:45.000 (14 min 45 s); worst 210 ms at 2026-03-14 10:12:30.000 $Z"
line sustained "  EXP2 Instance7.1: average database read latency 93.625 ms > 20 ms"
line spike "  EXP3 Instance7.1: average database read latency 36.188 ms > 20 ms"
line spike "    why: single spike: 1 of 80 samples > 20 ms in 1 run; longest run 1 sample at 2026-03-14 10:10:00.000; worst 2500 ms at 2026-03-14 10:10:00.000 $Z"
[ "$(grep -c 'why:' "$T/o")" = 1 ] || fail "spike: one failing rule, one explanation: $(cat "$T/o")"

# the times are the log's own: every time named is a time stamp of a sample beyond the limit
for t in 10:07:30 10:07:45 10:08:15; do
    grep -q "\"03/14/2026 $t.000\",\"100\",\"50\",\"1[0-9][0-9]" "$D/bursts/Performance_2026_3_14_10_0_0.csv" || fail "bursts: $t not above 100 ms in the log"
done

"$PERFSCRIBE" check -q --json "$D/bursts" > "$T/j" 2>/dev/null
python3 - "$T/j" <<'PY' || fail "JSON failures"
import json, sys
v = json.load(open(sys.argv[1]))["servers"][0]["verdict"]
f = v["failures"]
assert len(f) == 1, f
f = f[0]
assert v["reasons"][f["reason"]].startswith("EXP1 Instance7.1: 8 samples"), f
assert f["instance"] == "Instance7.1" and f["metric"] == "I/O Database Reads Average Latency", f
assert (f["limit"], f["samples"], f["over"], f["runs"]) == (100, 80, 8, 3), f
assert f["longest_run"] == {"samples": 4, "first": "2026-03-14T10:07:30.000", "last": "2026-03-14T10:08:15.000"}, f
assert f["worst"] == {"value": 187.5, "at": "2026-03-14T10:07:45.000"}, f
assert f["class"] == "bursts" and f["zone"] == "W. Europe Standard Time, UTC+01:00", f
PY
"$PERFSCRIBE" check -q "$D/bursts" --junit "$T/j.xml" > /dev/null 2>&1
grep -q "^  why: bursts: 8 of 80 samples &gt; 100 ms in 3 runs" "$T/j.xml" || fail "JUnit: $(cat "$T/j.xml")"
echo ok
