#!/bin/bash
# perfscribe check on the bundled sample run: exit 1 with the expected reasons (MBX02 fails on an
# average, MBX01's Stress test on the maximum latency), exit 0 on the passing servers,
# well-formed JUnit XML with the right failure count; verdict sources.
set -u
S="$PS_SOURCE_DIR/samples/jetstress"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_fixture "$S/MBX02"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PERFSCRIBE" check "$S" --junit "$T/all.xml" > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 1 ] || fail "check on the whole run: exit $rc, want 1"
grep -qxF "MBX02 Performance: FAIL (jetstress-2013/strict)" "$T/out" || fail "no MBX02 FAIL line: $(cat "$T/out")"
grep -qxF "  MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms" "$T/out" || fail "reason line"
grep -qxF "MBX01 Performance: PASS (jetstress-2013/strict)" "$T/out" || fail "MBX01 PASS"
grep -qxF "MBX03 Performance: PASS (jetstress-2013/strict)" "$T/out" || fail "MBX03 PASS"
grep -qxF "MBX01 SoftRecovery: UNKNOWN (none)" "$T/out" || fail "SoftRecovery without criteria"
# Stress: 9 samples above the lenient 200 ms (generator: SPIKES), 6 allowed; Jetstress printed Fail too
grep -qxF "MBX01 Stress: FAIL (jetstress-2013/lenient)" "$T/out" || fail "MBX01 Stress FAIL"
grep -qxF "  MBX01 Instance5312.2: 9 samples of database read latency > 200 ms (6 allowed)" "$T/out" || fail "max reason"
[ "$(grep -c '^  MBX0[0-9] Instance' "$T/out")" = 2 ] || fail "exactly two reasons expected: $(cat "$T/out")"
grep -qxF "5 tests: 2 passed, 2 failed, 1 without criteria" "$T/out" || fail "summary: $(tail -1 "$T/out")"
if command -v xmllint >/dev/null; then
    xmllint --noout "$T/all.xml" || fail "JUnit XML not well-formed"
fi
grep -q '<testsuite name="perfscribe check" tests="5" failures="2" errors="0" skipped="1">' "$T/all.xml" || fail "testsuite counts"
[ "$(grep -c '<failure ' "$T/all.xml")" = 2 ] || fail "two <failure>s expected"
grep -q 'Instance5120.3: average database read latency 23.529 ms &gt; 20 ms' "$T/all.xml" || fail "escaped reason in JUnit"

# the passing subset
"$PERFSCRIBE" check "$S"/MBX01/Perf* "$S"/MBX01/Soft* "$S/MBX03" --junit "$T/pass.xml" > "$T/out2" 2>/dev/null
rc=$?
[ $rc = 0 ] || fail "passing subset: exit $rc, want 0: $(cat "$T/out2")"
grep -q 'failures="0"' "$T/pass.xml" || fail "passing JUnit"
grep -qxF "3 tests: 2 passed, 0 failed, 1 without criteria" "$T/out2" || fail "summary line: $(tail -1 "$T/out2")"

# reports alone give the same verdict (no maximum-latency checks: warned)
"$PERFSCRIBE" check "$S"/MBX02/*.html > "$T/out3" 2> "$T/err3"
[ $? = 1 ] || fail "report-only MBX02 should fail"
grep -qxF "  MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms" "$T/out3" || fail "report-only reason"
grep -q "maximum latency checks skipped" "$T/err3" || fail "report-only warning"
grep -qxF "MBX02 Performance: FAIL (jetstress-2013/strict) as reported, not recomputed" "$T/out3" || fail "as reported"

# the issue's case: a report alone that prints Fail for the maximum latency (every average passes,
# so the report's own figures cannot show the failure): the printed Fail stands, exit 1
mkdir "$T/stress"
cp "$S"/MBX01/Stress/*.html "$T/stress/"
"$PERFSCRIBE" check "$T/stress" > "$T/out6" 2> "$T/err6"
rc=$?
[ $rc = 1 ] || fail "reports-only printed Fail: exit $rc, want 1: $(cat "$T/out6")"
grep -qxF "MBX01 Stress: FAIL (jetstress-2013/lenient) as reported, not recomputed" "$T/out6" || fail "as reported: $(cat "$T/out6")"
grep -qxF "  MBX01: Fail as reported, not recomputed (no counter log): Jetstress printed Fail - The test has failing database read latencies." "$T/out6" || fail "as reported reason: $(cat "$T/out6")"
"$PERFSCRIBE" jetstress --json "$T/stress" 2>/dev/null | grep -q '"verdict":{"result":"fail","source":"reported"' || fail "JSON source reported"

# printed Pass beside logs that fail: the verdicts disagree, check fails and prints both
mkdir "$T/dis"
cp "$S"/MBX02/*.csv "$S"/MBX02/JetstressConfig.xml "$T/dis/"
sed 's/<td class="failure">Fail – [^<]*</<td class="success">Pass</' "$S"/MBX02/*.html > "$T/dis/Performance_2026_3_14_10_12_40.html"
"$PERFSCRIBE" check "$T/dis" > "$T/out7" 2>/dev/null
[ $? = 1 ] || fail "disagreement must fail"
grep -qxF "MBX02 Performance: FAIL (jetstress-2013/strict) printed and recomputed verdicts disagree" "$T/out7" || fail "disagree line: $(cat "$T/out7")"
grep -qxF "  MBX02: Jetstress printed Pass, recomputed Fail with jetstress-2013/strict" "$T/out7" || fail "both verdicts"

# --lenient-thresholds: same failure (average read latency is 20 ms in both sets), profile name changes
"$PERFSCRIBE" check "$S/MBX02" --lenient-thresholds > "$T/out4" 2>/dev/null
grep -qxF "MBX02 Performance: FAIL (jetstress-2013/lenient)" "$T/out4" || fail "lenient: $(cat "$T/out4")"

# --profile 2007: maxima 50 ms -> still the average failure only (no sample above 50 ms)
"$PERFSCRIBE" check "$S/MBX02" --profile jetstress-2007 > "$T/out5" 2>/dev/null
grep -qxF "MBX02 Performance: FAIL (jetstress-2007/strict)" "$T/out5" || fail "profile 2007: $(cat "$T/out5")"

# jetstress --json verdicts
"$PERFSCRIBE" jetstress --json "$S" -o "$T/run.json" 2>/dev/null || fail "jetstress --json -o"
grep -q '"result":"fail","source":"both","profile":"jetstress-2013/strict","reasons":\["MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms"\]' "$T/run.json" || fail "JSON verdict"
echo ok
