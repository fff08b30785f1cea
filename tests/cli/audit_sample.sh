#!/bin/bash
# perfscribe audit on the paper generated from the bundled sample run (tests/audit/gen_sample_paper.py):
# the clean paper gives no error (alone and with the run as RUN input); the planted copy gives exactly
# the planted kinds, each at its planted line; with the run, the recomputed comparison joins in.
# The generator is also re-run on the current 'perfscribe jetstress --json' output.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
S="$PS_SOURCE_DIR/samples/jetstress"
D="$PS_SOURCE_DIR/tests/data/audit"
ps_fixture "$S/MBX01"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PERFSCRIBE" audit --paper "$D/sample-clean-paper.txt" > "$T/clean.txt" || fail "clean paper: exit $? $(cat "$T/clean.txt")"
grep -q '^0 findings' "$T/clean.txt" || fail "clean paper has findings: $(cat "$T/clean.txt")"
"$PERFSCRIBE" audit --paper "$D/sample-clean-paper.txt" "$S" > "$T/clean-run.txt" || fail "clean paper + run: exit $?"
grep -q '^0 findings' "$T/clean-run.txt" || fail "clean paper + run has findings: $(cat "$T/clean-run.txt")"

"$PERFSCRIBE" audit --paper "$D/sample-planted-paper.txt" --format json > "$T/planted.json"
rc=$?; [ $rc -eq 1 ] || fail "planted paper: exit $rc, want 1"
"$PERFSCRIBE" audit --paper "$D/sample-planted-paper.txt" "$S" -o "$T/planted-run.json"
rc=$?; [ $rc -eq 1 ] || fail "planted paper + run: exit $rc, want 1"

python3 - "$T" "$D/sample-planted-expected.txt" <<'PY' || exit 1
import json, sys
T, exp = sys.argv[1], sys.argv[2]
planted = [l.split("\t") for l in open(exp).read().split("\n") if l]
want = {k for k, _ in planted}
assert len(want) == 12, want
for name, extra in (("planted.json", set()), ("planted-run.json", {"table-vs-recomputed-mismatch"})):
    d = json.load(open(f"{T}/{name}"))
    got = {f["kind"] for f in d["findings"]}
    assert got == want | extra, (name, sorted(got ^ (want | extra)))
    at = {(f["kind"], f["line"]) for f in d["findings"]}
    for k, line in planted:
        assert (k, int(line)) in at, (name, k, line)
    assert d["claims"] > 300 and d["checked"] > 100, (d["claims"], d["checked"])
    for f in d["findings"]:
        assert f["file"].endswith("sample-planted-paper.txt") or "samples/jetstress" in f["file"], f
    sev = [f["severity"] for f in d["findings"]]
    order = {"error": 0, "warning": 1, "info": 2}
    assert sev == sorted(sev, key=order.get), sev
# the hand-checked arithmetic of two plants
d = json.load(open(f"{T}/planted.json"))
t = [f for f in d["findings"] if f["kind"] == "target-iops-arithmetic"][0]
assert t["stated"] == 800 and t["expected"] == 750, t          # 3750 mailboxes x 0.20
p = [f for f in d["findings"] if f["kind"] == "percentage-mismatch"][0]
assert p["stated"] == 135 and abs(p["expected"] - 100 * 292 / 228) < 1e-9, p
PY

# a RUN whose report was edited: Instance4711.1's DB read latency 15.484 -> 17.484 in the Transactional
# table (line 175) disagrees with its counter log (recomputed 15.484) and with its final test-log line (15.5)
cp -r "$S" "$T/run"
sed -i '175s|<td>15.484</td>|<td>17.484</td>|' "$T/run/MBX01/Performance_2026_3_14_10_11_2.html"
"$PERFSCRIBE" audit "$T/run" --format json > "$T/edited.json"; rc=$?
[ $rc -eq 1 ] || fail "edited run: exit $rc"
python3 - "$T/edited.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((f["kind"], f["stated"], round(f["expected"], 3)) for f in d["findings"])
assert got == [("table-vs-log-mismatch", 17.484, 15.5), ("table-vs-recomputed-mismatch", 17.484, 15.484)], got
PY

# a RUN whose MBX02 counter log lost 40 rows inside the window: 440 samples where the span gives 480
cp -r "$S" "$T/gap"
sed -i '100,139d' "$T/gap/MBX02/Performance_2026_3_14_10_12_40.csv"
"$PERFSCRIBE" audit "$T/gap" --format json > "$T/gap.json" || fail "gap run: exit $? (a warning only)"
python3 - "$T/gap.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
got = [(f["kind"], f["severity"], f["stated"], round(f["expected"], 1)) for f in d["findings"]]
assert got == [("sample-count-mismatch", "warning", 440, 480.1)], got   # 7186 s / 15 s + 1
PY

# regenerate from the current jetstress figures: the clean paper still audits clean
"$PERFSCRIBE" jetstress --json "$S" > "$T/js.json" 2>/dev/null || fail "jetstress --json"
python3 "$PS_SOURCE_DIR/tests/audit/gen_sample_paper.py" "$T/js.json" "$T" || fail "generator"
"$PERFSCRIBE" audit --paper "$T/sample-clean-paper.txt" "$S" > "$T/regen.txt" || fail "regenerated clean paper: $(cat "$T/regen.txt")"
"$PERFSCRIBE" audit --paper "$T/sample-planted-paper.txt" > /dev/null; [ $? -eq 1 ] || fail "regenerated planted paper"
exit 0
