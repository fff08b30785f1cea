#!/usr/bin/env bash
# CLI test: issue 31 (a second hostile pass), the items hostile_pass2.sh does not cover. Each
# part names its item; every check asserts the exit code and the exact last stderr line.
#   12 a run file named on the command line that cannot be read is an error (exit 4)
#   15 JetstressConfig.xml values are validated; an empty one is never silently ignored
#   18 --mailboxes and a rule's scale bounded (no "avg inf", no JSON null)
#   21 pipes and standard input: one clear line, never "no Jetstress report found"
#   16 convert with no matching counter writes nothing; chart checks every output first
#   17 one rule for control characters in text outputs (store labels, trend, messages)
#   19 a plain server log is not a Jetstress 2007 run
#   10 a PDF paper whose streams inflate beyond the bounds is refused before poppler reads it
#   23 messages: chart --bucket named as given, a PAL XML in UTF-16 read as in UTF-8, rule-file
#      errors at the bad line, a U+202E escaped, a chart too crowded for SVG names its file
. "${PS_SOURCE_DIR:?}/tests/cli/lib/hostile_common.sh"
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
# raw_ctl FILE: FILE holds a raw control byte (but tab and line feed) or a U+202E override
raw_ctl() { LC_ALL=C grep -q -e $'[\x01-\x08\x0b-\x1f\x7f]' -e $'\xe2\x80\xae' "$1"; }

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

# ---- item 16: nothing matched, nothing written; every chart output checked before the first
"$PS" convert "$LOG" -c '\\*\Nope\Nothing' -o nope.csv 2>err; rc=$?
expect "16 convert -c NOMATCH" 1 "perfscribe: no counter of the logs matches the -c/--counter-file patterns"
check "16 no nope.csv" "[ ! -e nope.csv ]"
cp "$LOG" in.csv
CPU='\\MBX01\Processor(_Total)\% Processor Time'
ln -s in.csv in.html
"$PS" chart in.csv -c "$CPU" -o a.svg -o b.png -o in.html -q 2>err; rc=$?
expect "16 chart: an input as a later output" 2 "perfscribe: in.html: refusing to overwrite an input file"
check "16 chart: nothing written" "[ ! -e a.svg ] && [ ! -e b.png ] && cmp -s in.csv '$LOG'"
"$PS" chart in.csv -c "$CPU" -o a.svg -o nodir/b.pdf -q 2>err; rc=$?
expect "16 chart: a later output in a missing folder" 4 "perfscribe: nodir/b.pdf: cannot create output: No such file or directory"
check "16 chart: no a.svg" "[ ! -e a.svg ]"
"$PS" chart in.csv -c "$CPU" -o a.svg -o b.pdf -q 2>err; rc=$?
check "16 chart: two outputs written (exit $rc)" "[ $rc = 0 ] && [ -s a.svg ] && [ -s b.pdf ]"

# ---- item 17: control characters in labels: escaped in every text output (\xNN), one line
esc=$'a\033[31mred\nNEXT\xe2\x80\xaeb'
"$PS" store --db sqlite:s.db add "$RUN" --label "$esc" >out 2>err; rc=$?
check "17 store add (exit $rc): escaped" "[ $rc = 0 ] && grep -qF \"stored 'a\\x1b[31mred\\x0aNEXT\\xe2\\x80\\xaeb'\" out"
"$PS" store --db sqlite:s.db list >out 2>err; rc=$?
check "17 store list: escaped, one line" "! raw_ctl out && grep -qF 'a\\x1b[31mred\\x0aNEXT\\xe2\\x80\\xaeb' out && ! grep -q '^NEXT' out"
"$PS" store --db sqlite:s.db show "$esc" >out 2>err; rc=$?
check "17 store show (exit $rc): escaped" "[ $rc = 0 ] && grep -qF 'label:     a\\x1b[31mred\\x0aNEXT\\xe2\\x80\\xaeb' out"
check "17 store show: no raw control byte or bidi override" "! raw_ctl out"
"$PS" store --db sqlite:s.db rm "$esc" >out 2>err; rc=$?
check "17 store rm (exit $rc): escaped" "[ $rc = 0 ] && grep -qF \"removed 'a\\x1b[31mred\\x0aNEXT\\xe2\\x80\\xaeb'\" out"
printf 'label, Total IOPS [IOPS]\n"A\033[31m", 4\nB\x07, 5\n' >t.csv
"$PS" trend --table t.csv >out 2>err; rc=$?
check "17 trend: the same escaping (exit $rc)" "[ $rc = 0 ] && grep -qF 'A\\x1b[31m (baseline)  B\\x07' out"
"$PS" store --db sqlite:s.db show "$esc" >out 2>err; rc=$?
expect "17 a message quoting the label" 2 "perfscribe: sqlite:s.db: no stored run labelled 'a\\x1b[31mred\\x0aNEXT\\xe2\\x80\\xaeb'"

# ---- item 19: a plain server log (LogicalDisk volumes, no Jetstress counter) is no Jetstress run
PLAIN="no MSExchange Database ==> Instances counters in this log (nor the LogicalDisk counters of the Jetstress 2007 form); nothing names Jetstress and no report or JetstressConfig.xml is beside it: a plain server log (use 'perfscribe analyze' or 'summary')"
cp "$LOG" plain.csv
for c in jetstress report; do
    "$PS" $c -q plain.csv -o p.html >/dev/null 2>err; rc=$?
    expect "19 $c PLAIN" 3 "perfscribe: plain.csv: $PLAIN"
done
"$PS" store --db sqlite:p.db add plain.csv --label plain -q >/dev/null 2>err; rc=$?
expect "19 store add PLAIN" 3 "perfscribe: plain.csv: $PLAIN"
check "19 nothing stored" "[ ! -e p.db ]"

# ---- item 10: inflated PDF streams bounded per stream (a page's content) and per document
python3 - <<'PY'
import zlib
def pdf(path, streams):
    """streams: (MiB of zeros, FlateDecode stages) per stream"""
    out = [b"%PDF-1.4\n"]
    for k, (mib, stages) in enumerate(streams):
        c = zlib.compressobj(9)
        z = b"".join(c.compress(bytes(1 << 20)) for _ in range(mib)) + c.flush()
        for _ in range(stages - 1):
            z = zlib.compress(z, 9)
        f = b" ".join([b"/FlateDecode"] * stages)
        out.append(b"%d 0 obj\n<< /Length %d /Filter [%s] >>\nstream\n" % (k + 1, len(z), f) + z +
                   b"\nendstream\nendobj\n")
    out.append(b"trailer\n<< /Root 1 0 R >>\n%%EOF\n")
    open(path, "wb").write(b"".join(out))
pdf("page.pdf", [(80, 1)])
pdf("chain.pdf", [(80, 2)])
pdf("doc.pdf", [(60, 1)] * 5)
PY
for f in page chain; do
    "$PS" audit --paper $f.pdf >/dev/null 2>err; rc=$?
    check "10 $f.pdf: exit 3 or 4 (got $rc)" "[ $rc = 3 ] || { [ $rc = 4 ] && grep -q 'needs libpoppler' err; }"
    [ $rc = 3 ] && check "10 $f.pdf: the stream's bound" \
        "tail -n 1 err | grep -qE '^perfscribe: $f.pdf: PDF stream at byte [0-9]+ inflates to more than 64 MiB \\(the bound of one stream\\); refused$'"
done
"$PS" audit --paper doc.pdf >/dev/null 2>err; rc=$?
[ $rc = 3 ] && check "10 doc.pdf: the document's bound" \
    "tail -n 1 err | grep -q 'inflates to more than 256 MiB (the bound of the whole document); refused'"
[ $rc = 4 ] || check "10 doc.pdf: exit 3 (got $rc)" "[ $rc = 3 ]"

# ---- item 23: messages and exit codes
"$PS" chart "$LOG" -c "$CPU" --bucket -1 -o b.svg 2>err; rc=$?
check "23 chart --bucket -1 (exit $rc)" "[ $rc = 2 ] && grep -qxF \"perfscribe: --bucket: expected auto or a number of seconds from 1 to 31622400, got '-1'\" err"
python3 - "$SRC/tests/fuzz/corpus/fuzz_thresholds/pal.xml" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
open("pal8.xml", "w", encoding="utf-8").write(s)
open("pal16.xml", "wb").write(b"\xff\xfe" + s.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16-le"))
open("pal16be.xml", "wb").write(b"\xfe\xff" + s.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16-be"))
PY
"$PS" check -q "$RUN" --thresholds pal8.xml >want.out 2>/dev/null; want=$?
"$PS" analyze -q "$LOG" --rules pal8.xml >want.an 2>/dev/null; want_an=$?
for f in pal16 pal16be; do
    "$PS" check -q "$RUN" --thresholds $f.xml >got.out 2>err; rc=$?
    sed -i "s/$f\.xml/pal8.xml/g" got.out   # the same but for the file's name
    check "23 check --thresholds $f.xml as UTF-8 (exit $rc, $want)" "[ $rc = $want ] && cmp -s got.out want.out"
    "$PS" analyze -q "$LOG" --rules $f.xml >got.an 2>err; rc=$?
    sed -i "s/$f\.xml/pal8.xml/g" got.an
    check "23 analyze --rules $f.xml as UTF-8 (exit $rc, $want_an)" "[ $rc = $want_an ] && cmp -s got.an want.an"
done
printf '[rule lat]\ncounter = \\LogicalDisk(*)\\Avg. Disk sec/Read\noperator = >\nwarning = 20\ncritical = 10\n' >bad.rules
"$PS" analyze -q "$LOG" --rules bad.rules >/dev/null 2>err; rc=$?
expect "23 a rule error at its line" 3 "perfscribe: bad.rules:5:1: rule 'lat': the critical limit is less severe than the warning limit"
printf '[rule a\xe2\x80\xaeb]\ncounter = \\Memory\\Pages/sec\nwarning = 1\n' >bidi.rules
"$PS" analyze -q "$LOG" --rules bidi.rules >/dev/null 2>err; rc=$?
expect "23 a U+202E in a rule id" 3 "perfscribe: bidi.rules:1:1: expected [pack] or [rule ID] (ID: a-z 0-9 - _ .), got '[rule a\\xe2\\x80\\xaeb]'"
python3 - <<'PY'
cols = ['"(PDH-CSV 4.0) (UTC)(0)"'] + ['"\\\\H\\LogicalDisk(D%03d:)\\%% Idle Time"' % i for i in range(250)]
rows = ['"03/14/2026 10:%02d:00.000",' % m + ",".join(str(i % 97) for i in range(250)) for m in range(5)]
open("wide.csv", "w").write(",".join(cols) + "\n" + "\n".join(rows) + "\n")
PY
"$PS" chart wide.csv -c '\\H\LogicalDisk(*)\% Idle Time' -o wide.svg -q 2>err; rc=$?
check "23 250 series in an SVG: exit 2 naming the file and a way out (exit $rc)" \
    "[ $rc = 2 ] && grep -qF 'perfscribe: wide.svg: chart: ' err && grep -qF '(250 series in one chart): -o FILE.pdf or FILE.html' err"
"$PS" chart wide.csv -c '\\H\LogicalDisk(*)\% Idle Time' -o wide.pdf -q 2>err; rc=$?
check "23 the same chart as PDF (exit $rc)" "[ $rc = 0 ] && [ -s wide.pdf ]"

exit $fail
