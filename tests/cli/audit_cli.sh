#!/bin/bash
# perfscribe audit command line: exit codes (0, 1, 2, 3, 4), formats (text, JSON, HTML with every
# input string escaped), -o (atomic, refuses to overwrite an input), hostile paper text.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
P="$PERFSCRIBE"

printf 'Database Disks Transfers/sec 132.593\nDatabase Disks Reads/sec 71.512\nDatabase Disks Writes/sec 193.674\n' > "$T/bad.txt"
printf 'Database Disks Transfers/sec 265.186\nDatabase Disks Reads/sec 71.512\nDatabase Disks Writes/sec 193.674\n' > "$T/good.txt"

"$P" audit --paper "$T/good.txt" > "$T/o" ; [ $? -eq 0 ] || fail "good: exit"
"$P" audit --paper "$T/bad.txt" > "$T/o" ; [ $? -eq 1 ] || fail "bad: exit"
grep -q "bad.txt:1: error: transfers-not-sum: \[server 1\] transfers/sec 132.593 is the mean" "$T/o" || fail "text: $(cat "$T/o")"
"$P" audit > /dev/null 2>&1; [ $? -eq 2 ] || fail "no input: want 2"
"$P" audit --paper "$T/good.txt" --format pdf > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad format: want 2"
"$P" audit --paper "$T/good.txt" --bogus > /dev/null 2>&1; [ $? -eq 2 ] || fail "bad option: want 2"
"$P" audit --paper "$T/missing.txt" 2> "$T/e"; [ $? -eq 4 ] || fail "missing: want 4"
grep -q "missing.txt" "$T/e" || fail "missing: message $(cat "$T/e")"
: > "$T/empty.txt"
"$P" audit --paper "$T/empty.txt" 2>/dev/null; [ $? -eq 3 ] || fail "empty: want 3"
# a paper (or an empty run folder) with nothing to compare cannot pass: exit 1, said on stderr
printf 'About this paper\nNo figures here.\n' > "$T/prose.txt"
"$P" audit --paper "$T/prose.txt" > /dev/null 2> "$T/e"; [ $? -eq 1 ] || fail "nothing checked: want 1"
grep -qxF "perfscribe: warning: nothing was checked: no number could be compared (see the coverage line)" "$T/e" ||
  fail "nothing checked: message $(cat "$T/e")"
mkdir -p "$T/emptydir"
"$P" audit "$T/emptydir" > /dev/null 2>&1; [ $? -eq 1 ] || fail "empty folder: want 1"
"$P" audit --paper "$T/bad.txt" -o "$T/bad.txt" 2>/dev/null; [ $? -eq 2 ] || fail "overwrite input: want 2"
cmp -s "$T/bad.txt" <(printf 'Database Disks Transfers/sec 132.593\nDatabase Disks Reads/sec 71.512\nDatabase Disks Writes/sec 193.674\n') || fail "input changed"
"$P" audit --checks | grep -q "^percentage-mismatch" || fail "--checks"

# the hand-made v2 paper: mean transfers, seconds under (ms), Stress figures in the summary, a lost digit
"$P" audit --paper "$PS_SOURCE_DIR/tests/data/audit/minimal-v2-paper.txt" --format json > "$T/v2.json"; [ $? -eq 1 ] || fail "v2 exit"
python3 - "$T/v2.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((f["kind"], f["line"], f["stated"], f["expected"]) for f in d["findings"] if f["severity"] == "error")
want = sorted([("transfers-not-sum", 11, 150.25, 300.5),            # (100.200 + 200.300) = 300.500
               ("wrong-test-used", 12, 100.2, None),
               ("unit-seconds-as-ms", 14, 0.015, 15), ("unit-seconds-as-ms", 15, 0.03, 30)])
assert got == want, got
assert [f["line"] for f in d["findings"] if f["kind"] == "absent-value"] == [18]
PY

# JSON
"$P" audit --paper "$T/bad.txt" --format json > "$T/j.json"; [ $? -eq 1 ] || fail "json exit"
python3 - "$T/j.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) >= {"findings", "claims", "checked"}, d.keys()
f = d["findings"][0]
assert list(f) == ["kind", "severity", "file", "line", "server", "metric", "stated", "expected", "message"], list(f)
assert f["kind"] == "transfers-not-sum" and f["line"] == 1 and f["stated"] == 132.593 and f["expected"] == 265.186, f
assert d["claims"] == 3 and d["checked"] == 1, d
PY

# HTML from -o extension; a file name and an absent label with markup are escaped
N="$T/x<b>&'q.txt"
printf 'Database Disks Transfers/sec 1\nDatabase Disks Reads/sec <script>\n' > "$N"
# (nothing in it can be compared, so the audit cannot pass: exit 1, but the page is written)
"$P" audit --paper "$N" -o "$T/r.html" 2>/dev/null; [ $? -eq 1 ] || fail "html exit"
grep -q "<b>" "$T/r.html" && fail "unescaped name"
grep -q "x&lt;b&gt;&amp;&#39;q.txt\|x&lt;b&gt;&amp;&#x27;q.txt" "$T/r.html" || fail "escaped name missing: $(grep -o 'x&[^:]*' "$T/r.html" | head -1)"
grep -q "<script\|http" "$T/r.html" && fail "script or external reference in HTML"
grep -q "absent-value" "$T/r.html" || fail "html content"

# hostile text: NUL bytes, invalid UTF-8, a 3 MB line, CR LF, form feeds
python3 - "$T/h.txt" <<'PY'
import sys
with open(sys.argv[1], "wb") as f:
    f.write(b"Database Disks Reads/sec \x00\xff 10\r\n\x0cDatabase Disks Writes/sec \xc3 20\r\n")
    f.write(b"(" * 1000000 + b"9% [" * 250000 + b"\n")
    f.write(b"Database Disks Transfers/sec 35\n")
PY
"$P" audit --paper "$T/h.txt" > "$T/h.out" 2> "$T/h.err"; rc=$?
[ $rc -eq 1 ] || fail "hostile: exit $rc $(cat "$T/h.err")"
grep -q "h.txt:4: error: transfers-not-sum" "$T/h.out" || fail "hostile: $(head -c 300 "$T/h.out")"
grep -q "replaced by spaces" "$T/h.err" || fail "hostile: no warning"
exit 0
