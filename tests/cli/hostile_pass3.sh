#!/usr/bin/env bash
# CLI test: issue 31 (a second hostile pass), the items hostile_pass2.sh does not cover. Each
# part names its item; every check asserts the exit code and the exact last stderr line.
#   12 a run file named on the command line that cannot be read is an error (exit 4)
#   15 JetstressConfig.xml values are validated; an empty one is never silently ignored
#   18 --mailboxes and a rule's scale bounded (no "avg inf", no JSON null)
#   21 pipes and standard input: one clear line, never "no Jetstress report found"
. "${PS_SOURCE_DIR:?}/tests/cli/lib/hostile_common.sh"
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }

cp -r "$RUN" run
REP=run/Performance_2026_3_14_10_11_2.html
CSV=run/Performance_2026_3_14_10_11_2.csv

# ---- item 12 (and 23): a named input that cannot be read is exit 4 in every command
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
    chmod -R a+rwX . && cp "$LOG" log.csv && chmod 000 log.csv "$CSV"
    if as_nobody test -x "$PS"; then
        as_nobody "$PS" check -q "$REP" "$CSV" >/dev/null 2>err; rc=$?
        expect "12 check REPORT LOG(000)" 4 "perfscribe: $CSV: cannot open: Permission denied"
        for c in check jetstress summary analyze; do
            as_nobody "$PS" $c -q log.csv >/dev/null 2>err; rc=$?
            expect "12 $c LOG(000)" 4 "perfscribe: log.csv: cannot open: Permission denied"
        done
        as_nobody "$PS" report -q "$REP" "$CSV" -o r.html >/dev/null 2>err; rc=$?
        expect "12 report REPORT LOG(000)" 4 "perfscribe: $CSV: cannot open: Permission denied"
        as_nobody "$PS" audit "$CSV" >/dev/null 2>err; rc=$?
        expect "12 audit LOG(000)" 4 "perfscribe: $CSV: cannot open: Permission denied"
        # found in a folder (not named): listed as ignored, as before
        as_nobody "$PS" jetstress -q run >/dev/null 2>err; rc=$?
        check "12 folder: the unreadable log is listed (exit $rc)" \
            "[ $rc = 0 ] && grep -qF 'warning: $CSV: cannot read (Permission denied), ignored' err"
    fi
    chmod 644 log.csv "$CSV"
fi

# ---- item 15: JetstressConfig.xml values
cfg() {   # cfg OLD NEW: the sample configuration with OLD replaced by NEW, as run/JetstressConfig.xml
    python3 - "$RUN/JetstressConfig.xml" run/JetstressConfig.xml "$1" "$2" <<'PY'
import sys
s = open(sys.argv[1]).read()
assert sys.argv[3] in s, sys.argv[3]
open(sys.argv[2], "w").write(s.replace(sys.argv[3], sys.argv[4], 1))
PY
}
: >run/JetstressConfig.xml
"$PS" check -q "$REP" run/JetstressConfig.xml >/dev/null 2>err; rc=$?
expect "15 named empty config" 3 "perfscribe: run/JetstressConfig.xml: empty file"
"$PS" check -q run >/dev/null 2>err; rc=$?
check "15 empty config in a folder: listed as ignored" "grep -qF 'warning: run/JetstressConfig.xml: ignored (empty file)' err"
while IFS='|' read -r old new line want; do
    cfg "$old" "$new"
    "$PS" check -q "$REP" run/JetstressConfig.xml >/dev/null 2>err; rc=$?
    expect "15 $new" 3 "perfscribe: run/JetstressConfig.xml:$line: $want"
done <<'EOF'
<MaximumLatencyErrors>6<|<MaximumLatencyErrors>-1e20<|15|<MaximumLatencyErrors> -1e20 is out of range: expected a whole number from 0 and at most 1000000000
<MaximumLatencyErrors>6<|<MaximumLatencyErrors>2.5<|15|<MaximumLatencyErrors> 2.5 is out of range: expected a whole number from 0 and at most 1000000000
<AverageDatabaseReadLatency>20<|<AverageDatabaseReadLatency>-20<|17|<AverageDatabaseReadLatency> -20 is out of range: expected a number above 0 and at most 3600000
<MaximumLogWriteLatency>200<|<MaximumLogWriteLatency>0<|26|<MaximumLogWriteLatency> 0 is out of range: expected a number above 0 and at most 3600000
<LogInterval>15000<|<LogInterval>0<|12|<LogInterval> 0 is out of range: expected a number above 0 and at most 86400000
<MailboxIops>0.2<|<MailboxIops>1e308<|33|<MailboxIops> 1e308 is out of range: expected a number above 0 and at most 1000000
P0Y0M0DT2H0M0S|-P0Y0M0DT2H0M0S|8|<Duration> -P0Y0M0DT2H0M0S is negative
InsertOps="40"|InsertOps="90"|14|<OperationMix> inserts, deletes and replaces add up to 115%, over 100%
EOF
cp "$RUN/JetstressConfig.xml" run/
"$PS" check -q "$REP" "$CSV" run/JetstressConfig.xml >/dev/null 2>err; rc=$?
expect "15 the sample configuration" 0 ""

# ---- item 18: bounded numbers on the command line and in rules
"$PS" check -q "$CSV" --mailboxes 1e308 --iops-per-mailbox 1 >/dev/null 2>err; rc=$?
expect "18 --mailboxes 1e308" 2 "perfscribe: try 'perfscribe check --help'"
check "18 --mailboxes says why" "grep -qF -- \"--mailboxes: expected a positive number up to 10000000, got '1e308'\" err"
cat >big.rules <<'EOF'
[rule cpu]
counter = \Processor(*)\% Processor Time
operator = >
warning = 80
scale = 1e308
EOF
"$PS" analyze -q "$LOG" --rules big.rules >/dev/null 2>err; rc=$?
expect "18 scale = 1e308" 3 "perfscribe: big.rules:5:9: scale '1e308' is out of range: from 1e-12 to 1e12 (a value times it must stay finite)"

# ---- item 21: pipes and standard input are refused by the run readers with one clear line
for c in check jetstress report; do
    "$PS" $c -q - -o out.html <"$LOG" >/dev/null 2>err; rc=$?
    expect "21 $c - <LOG" 2 "perfscribe: -: standard input is not read here: a Jetstress run is read from files and folders (save it to a file first)"
done
NOTFILE="not a regular file or folder (a pipe or device): a Jetstress run is read from files and folders (save it to a file first)"
for c in check jetstress; do
    "$PS" $c -q <(cat "$LOG") >/dev/null 2>err; rc=$?
    check "21 $c <(cat LOG): exit 3 (got $rc)" "[ $rc = 3 ] && tail -n 1 err | grep -qF '$NOTFILE'"
done
"$PS" audit <(cat "$REP") >/dev/null 2>err; rc=$?
check "21 audit <(cat REPORT): exit 3 (got $rc)" "[ $rc = 3 ] && tail -n 1 err | grep -qF '$NOTFILE'"

exit $fail
