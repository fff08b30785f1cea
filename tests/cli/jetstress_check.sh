#!/bin/bash
# perfscribe check on the bundled sample run: exit 1 with the expected reason (MBX02 fails),
# exit 0 on the passing servers, well-formed JUnit XML with the right failure count.
set -u
S="$PS_SOURCE_DIR/samples/jetstress"
[ -d "$S/MBX02" ] || exit 77
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
[ "$(grep -c '^  ' "$T/out")" = 1 ] || fail "exactly one reason expected: $(cat "$T/out")"
if command -v xmllint >/dev/null; then
    xmllint --noout "$T/all.xml" || fail "JUnit XML not well-formed"
fi
grep -q '<testsuite name="perfscribe check" tests="4" failures="1" errors="0" skipped="1">' "$T/all.xml" || fail "testsuite counts"
[ "$(grep -c '<failure ' "$T/all.xml")" = 1 ] || fail "one <failure> expected"
grep -q 'Instance5120.3: average database read latency 23.529 ms &gt; 20 ms' "$T/all.xml" || fail "escaped reason in JUnit"

# the passing subset
"$PERFSCRIBE" check "$S/MBX01" "$S/MBX03" --junit "$T/pass.xml" > "$T/out2" 2>/dev/null
rc=$?
[ $rc = 0 ] || fail "passing subset: exit $rc, want 0: $(cat "$T/out2")"
grep -q 'failures="0"' "$T/pass.xml" || fail "passing JUnit"
grep -qxF "3 tests: 2 passed, 0 failed, 1 without criteria" "$T/out2" || fail "summary line: $(tail -1 "$T/out2")"

# reports alone give the same verdict (no maximum-latency checks: warned)
"$PERFSCRIBE" check "$S"/MBX02/*.html > "$T/out3" 2> "$T/err3"
[ $? = 1 ] || fail "report-only MBX02 should fail"
grep -qxF "  MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms" "$T/out3" || fail "report-only reason"
grep -q "maximum latency checks skipped" "$T/err3" || fail "report-only warning"

# --lenient: same failure (average read latency is 20 ms in both sets), profile name changes
"$PERFSCRIBE" check "$S/MBX02" --lenient > "$T/out4" 2>/dev/null
grep -qxF "MBX02 Performance: FAIL (jetstress-2013/lenient)" "$T/out4" || fail "lenient: $(cat "$T/out4")"

# --profile 2007: maxima 50 ms -> still the average failure only (no sample above 50 ms)
"$PERFSCRIBE" check "$S/MBX02" --profile jetstress-2007 > "$T/out5" 2>/dev/null
grep -qxF "MBX02 Performance: FAIL (jetstress-2007/strict)" "$T/out5" || fail "profile 2007: $(cat "$T/out5")"

# jetstress --json verdicts
"$PERFSCRIBE" jetstress --json "$S" -o "$T/run.json" 2>/dev/null || fail "jetstress --json -o"
grep -q '"result":"fail","source":"both","profile":"jetstress-2013/strict","reasons":\["MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms"\]' "$T/run.json" || fail "JSON verdict"
echo ok
