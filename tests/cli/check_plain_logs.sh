#!/bin/bash
# Issue 28, one rule for plain logs in check: a file, a folder holding only counter logs, several
# operands and --junit are all analysed as by 'perfscribe analyze' (same output, same exit code);
# check --help says so. And in a run folder, an unreadable XML (an entity bomb that looks like a
# JetstressConfig.xml, a truncated XML) is listed and skipped like any unreadable file, while the
# same file named on the command line stops the run (exit 3).
set -u
S="$PS_SOURCE_DIR/samples"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_fixture "$S/analyze/server-en.csv" "$S/jetstress/MBX01"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
L="$S/analyze/server-en.csv"
"$PERFSCRIBE" analyze -q "$L" > "$T/want" 2>&1; want=$?
mkdir "$T/plain" && cp "$L" "$T/plain/"
"$PERFSCRIBE" check -q "$L" > "$T/file" 2>&1; [ $? = $want ] || fail "file: exit"
"$PERFSCRIBE" check -q "$T/plain" > "$T/folder" 2>&1; [ $? = $want ] || fail "folder: exit $?: $(head -3 "$T/folder")"
head -1 "$T/folder" | grep -q "^perfscribe analyze: " || fail "folder not analysed: $(head -3 "$T/folder")"
grep -q "NOT JUDGED\|Performance" "$T/folder" && fail "folder judged as a Jetstress run"
"$PERFSCRIBE" check -q "$T/plain" --junit "$T/j.xml" > "$T/junit" 2>&1; rc=$?
[ $rc = $want ] || fail "--junit: exit $rc"
cmp -s "$T/folder" "$T/junit" || fail "--junit changed the analysis output"
# one testcase per machine (server-en.csv is FS01's log), failing with its critical alerts as the
# text output lists them (the text's machine column is the testcase's name)
[ $want = 1 ] || fail "server-en.csv should fail the system pack (5 critical alerts)"
grep -q '<testsuite name="perfscribe check" tests="1" failures="1"' "$T/j.xml" || fail "JUnit counts: $(cat "$T/j.xml")"
grep -q '<testcase classname="analyze" name="FS01">' "$T/j.xml" || fail "JUnit testcase: $(cat "$T/j.xml")"
grep -q '<failure type="analysis" message="5 alerts at or above critical">' "$T/j.xml" || fail "JUnit failure: $(cat "$T/j.xml")"
grep '^  critical ' "$T/want" | sed 's/^  //; s/  FS01 /  /' > "$T/alerts.want"
sed -n 's/.*<failure[^>]*>//; /^critical /p' "$T/j.xml" | sed 's/&gt;/>/g' > "$T/alerts.got"
[ "$(wc -l < "$T/alerts.want")" = 5 ] && cmp -s "$T/alerts.want" "$T/alerts.got" || fail "JUnit alerts differ: $(diff "$T/alerts.want" "$T/alerts.got")"
grep -q "<system-out>times: local time of the log, UTC-08:00 (Pacific Standard Time)$" "$T/j.xml" || fail "JUnit clock"
"$PERFSCRIBE" check -q "$L" "$T/plain" > /dev/null 2>&1; [ $? = $want ] || fail "several operands: exit"
"$PERFSCRIBE" check --help | tr '\n' ' ' | tr -s ' ' | grep -q "analysed as by 'perfscribe analyze'" || fail "help"

# unreadable XML in a run folder
mkdir "$T/run"
cp "$S"/jetstress/MBX01/Performance_2026_3_14_10_11_2.* "$S/jetstress/MBX01/JetstressConfig.xml" "$T/run/"
{ echo '<?xml version="1.0"?>'; echo '<!DOCTYPE c [ <!ENTITY a "aaaaaaaaaa">'
  p=a; for n in b c d e f g h i j; do printf ' <!ENTITY %s "' $n; for k in 1 2 3 4 5 6 7 8 9 10; do printf '&%s;' $p; done; echo '">'; p=$n; done
  echo ']>'; echo '<configuration><TestDesignInfo>&j;</TestDesignInfo></configuration>'; } > "$T/run/bomb.xml"
printf '<?xml version="1.0"?>\n<configuration><TestDesignInfo>\n' > "$T/run/cut.xml"
"$PERFSCRIBE" check -q "$T/run" > "$T/o" 2> "$T/e"; rc=$?
[ $rc = 0 ] || fail "run folder with unreadable XML: exit $rc: $(cat "$T/e")"
grep -q "^perfscribe: warning: $T/run/bomb.xml: ignored (" "$T/e" || fail "bomb not listed: $(cat "$T/e")"
grep -q "^perfscribe: warning: $T/run/cut.xml: ignored (" "$T/e" || fail "cut not listed: $(cat "$T/e")"
"$PERFSCRIBE" check -q "$T/run/bomb.xml" "$T/run/Performance_2026_3_14_10_11_2.html" > /dev/null 2> "$T/e"; rc=$?
[ $rc = 3 ] || fail "named bomb: exit $rc, want 3: $(cat "$T/e")"
echo ok
