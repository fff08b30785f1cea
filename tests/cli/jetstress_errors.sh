#!/bin/bash
# perfscribe jetstress/check on bad input: precise errors and exit codes, never a silent number.
set -u
S="$PS_SOURCE_DIR/samples/jetstress"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_fixture "$S/MBX01"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# a counter log without ESE instance counters: exit 3 with the file named
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\HOST1\\Memory\\Available MBytes"\r\n"03/14/2026 10:00:00.000","5"\r\n' > "$T/host.csv"
"$PERFSCRIBE" jetstress "$T/host.csv" > /dev/null 2> "$T/err"
rc=$?
[ $rc = 3 ] || fail "no ESE counters: exit $rc"
grep -qxF "perfscribe: $T/host.csv: no MSExchange Database ==> Instances counters in this log (nor the LogicalDisk counters of the Jetstress 2007 form); nothing names Jetstress and no report or JetstressConfig.xml is beside it: a plain server log (use 'perfscribe analyze' or 'summary')" "$T/err" ||
  fail "message: $(cat "$T/err")"
[ "$(grep -v '^perfscribe: warning: ' "$T/err" | grep -o "$T/host.csv" | wc -l)" = 1 ] ||
  fail "the path is printed more than once: $(cat "$T/err")"
# ... and the warnings of the run that failed to load are printed before it
grep -qxF "perfscribe: warning: $T/host.csv: no report for this counter log; server HOST1 (Performance) from its counter paths" "$T/err" ||
  fail "warnings of the failed run: $(cat "$T/err")"

# a run whose loading fails still reports the warnings gathered before the failure: a broken
# report beside a counter log without ESE counters
mkdir -p "$T/run"
cp "$T/host.csv" "$T/run/Performance_2026_3_14_10_11_2.csv"
printf '<html><body>not a report</body></html>' > "$T/run/Performance_2026_3_14_10_11_3.html"
"$PERFSCRIBE" -q jetstress "$T/run" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 3 ] || fail "failing run: exit $rc"
grep -qF "perfscribe: warning: $T/run/Performance_2026_3_14_10_11_3.html: ignored (not a Jetstress report" "$T/err" ||
  fail "the run's warning was dropped: $(cat "$T/err")"
grep -qF "no MSExchange Database ==> Instances counters in this log" "$T/err" || fail "failing run message: $(cat "$T/err")"

# usage errors: exit 2
"$PERFSCRIBE" jetstress "$S" --profile jetstress-2003 > /dev/null 2> "$T/err"; rc=$?
[ $rc = 2 ] || fail "unknown profile: exit $rc"
grep -q "^perfscribe: --profile: expected jetstress-2007, .*got 'jetstress-2003'" "$T/err" || fail "profile message"
"$PERFSCRIBE" jetstress "$S" --mailboxes 10 > /dev/null 2>&1; rc=$?
[ $rc = 2 ] || fail "--mailboxes alone: exit $rc"
"$PERFSCRIBE" jetstress > /dev/null 2>&1; rc=$?
[ $rc = 2 ] || fail "no run: exit $rc"

# a bad threshold file: exit 3 with FILE:LINE:COL
printf '# ok\n"\\Memory\\Available MBytes" min server < 5 parsecs error\n' > "$T/bad.thr"
"$PERFSCRIBE" check "$S/MBX01" --thresholds "$T/bad.thr" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 3 ] || fail "bad thresholds: exit $rc"
grep -qF "perfscribe: $T/bad.thr:2:43: unit 'parsecs' does not fit Available MBytes" "$T/err" || fail "threshold error: $(cat "$T/err")"

# missing input: exit 4
"$PERFSCRIBE" jetstress "$T/nope" > /dev/null 2>&1; rc=$?
[ $rc = 4 ] || fail "missing path: exit $rc"

# -o refuses to overwrite an input
cp "$S"/MBX01/*.csv "$T/run.csv"
"$PERFSCRIBE" jetstress "$T/run.csv" -o "$T/run.csv" > /dev/null 2>&1; rc=$?
[ $rc = 2 ] || fail "overwrite input: exit $rc"

# a log whose machine differs from the report's: a warning naming both machines
mkdir -p "$T/mix"
cp "$S"/MBX01/Performance_2026_3_14_10_11_2.html "$T/mix/"
sed 's/\\\\MBX01\\/\\\\MBX09\\/g' "$S"/MBX01/Performance_2026_3_14_10_11_2.csv > "$T/mix/Performance_2026_3_14_10_11_2.csv"
"$PERFSCRIBE" jetstress "$T/mix" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 0 ] || fail "mixed machines: exit $rc"
grep -q "MBX09" "$T/err" && grep -q "MBX01" "$T/err" || fail "machine mismatch warning: $(cat "$T/err")"

# _Total that does not match the sum of the instances: a warning
awk -F'","' 'NR==1{print; for(i=1;i<=NF;i++) if ($i ~ /_Total\)\\I\/O Database Reads\/sec/) c=i; next}
             {OFS="\",\""; $c = sprintf("%.3f", $c + 5); print}' "$S"/MBX01/Performance_2026_3_14_10_11_2.csv > "$T/tot.csv"
"$PERFSCRIBE" jetstress "$T/tot.csv" > /dev/null 2> "$T/err" || fail "_Total run"
grep -q "_Total I/O Database Reads/sec (mean .*) differs from the sum of the instances" "$T/err" || fail "_Total warning: $(cat "$T/err")"
# instance names in the log differ from the report's: both are warned about and the server sums
# use the recomputed instances only (never report + log instances added together)
mkdir -p "$T/ren"
cp "$S"/MBX01/Performance_2026_3_14_10_11_2.html "$T/ren/"
sed 's/Instance4711\./Instance9999./g' "$S"/MBX01/Performance_2026_3_14_10_11_2.csv > "$T/ren/Performance_2026_3_14_10_11_2.csv"
"$PERFSCRIBE" jetstress "$T/ren" > "$T/ren.txt" 2> "$T/err" || fail "renamed instances: exit $?"
grep -q "MBX01 Instance4711.1: in the report but not in the counter logs" "$T/err" || fail "report-only instance warning: $(cat "$T/err")"
grep -q "MBX01 Instance9999.1: in the counter logs but not in the report" "$T/err" || fail "log-only instance warning"
grep -q "^MBX01        Performance     8    140.661     87.592    228.253    228.253" "$T/ren.txt" || fail "server sums: $(grep '^MBX01 ' "$T/ren.txt")"
echo ok
