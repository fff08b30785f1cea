#!/bin/bash
# perfscribe audit on a PDF of the bundled sample paper (issue 15 item 1). tests/audit/text2pdf.c lays
# tests/data/audit/sample-planted-paper.txt out as a PDF (60 text rows a page, words at their column
# positions, no spaces in the PDF's text); the PDF audit must give the same findings (kind, severity,
# server, metric, stated, expected) as the text, each located by page and line, where the expected
# page and line of every finding are computed here from its text line (row r is on page
# (r-1)//60+1; its line is the count of non-blank rows of that page down to it). The same with a
# proportional font, on the PDF bundled in tests/data/audit, on its pages turned (qpdf --rotate), with
# --paper, and on the seeds (../shared, when present). Hostile PDFs: one
# line on stderr, exit 3 (4 for a folder), never a crash.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
[ -x "${PS_TEXT2PDF:-}" ] || ps_skip "ps_text2pdf not built (PS_TEXT2PDF)"
D="$PS_SOURCE_DIR/tests/data/audit"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$PS_TEXT2PDF" "$D/sample-planted-paper.txt" "$T/paper.pdf" 60 || fail "text2pdf"
"$PS_TEXT2PDF" "$D/sample-planted-paper.txt" "$T/prop.pdf" 60 -p || fail "text2pdf -p"
head -c 5 "$T/paper.pdf" | grep -q '%PDF-' || fail "not a PDF"
# the PDF has no copy of the text file to fall back on: its name says nothing either
cp "$T/paper.pdf" "$T/paper-copy.dat"
# the PDF bundled for the README (made by the same helper): still in step with the text
cp "$D/sample-planted-paper.pdf" "$T/bundled.pdf"

"$PERFSCRIBE" audit --paper "$D/sample-planted-paper.txt" --format json > "$T/text.json"; rc=$?
[ $rc -eq 1 ] || fail "text paper: exit $rc, want 1"
# pages turned by a quarter or half turn (/Rotate, as landscape appendix pages are)
rot=""
if command -v qpdf >/dev/null; then
    for r in 90 180 270; do
        qpdf --rotate=+$r "$T/paper.pdf" "$T/rot$r.pdf" || fail "qpdf --rotate"
        rot="$rot rot$r.pdf"
    done
fi
for f in paper.pdf prop.pdf paper-copy.dat bundled.pdf $rot; do
    "$PERFSCRIBE" audit "$T/$f" --format json > "$T/$f.json" 2> "$T/$f.err"; rc=$?
    [ $rc -eq 1 ] || fail "$f: exit $rc, want 1: $(cat "$T/$f.err")"
    [ -s "$T/$f.err" ] && fail "$f: stderr: $(cat "$T/$f.err")"
done
"$PERFSCRIBE" audit --paper "$T/paper.pdf" > "$T/pdf.txt"; rc=$?
[ $rc -eq 1 ] || fail "--paper paper.pdf: exit $rc"
# hand-checked: 'Target IOPS 800' is text line 10, the 9th non-blank row of page 1 (row 4 is blank)
grep -q "^$T/paper.pdf:p1:L9: error: target-iops-arithmetic: " "$T/pdf.txt" || fail "text output: $(head -3 "$T/pdf.txt")"
grep -q ' (line p[0-9]*:L[0-9]*)' "$T/pdf.txt" || fail "report lines in messages not page:line"

python3 - "$T" "$D/sample-planted-paper.txt" "$D/sample-planted-expected.txt" <<'PY' || exit 1
import json, sys
T, text, exp = sys.argv[1:]
rows = open(text, encoding="utf-8").read().split("\n")
def where(r, per=60):            # text row (1-based) -> (page, line on the page)
    page = (r - 1) // per + 1
    first = (page - 1) * per
    return page, sum(1 for x in rows[first:r] if x.strip())
t = json.load(open(f"{T}/text.json"))
key = lambda f: (f["kind"], f["severity"], f["server"], f["metric"], f["stated"], f["expected"])
want = sorted((key(f), where(f["line"])) for f in t["findings"])
assert len(want) == 20, len(want)
import os
for name in ["paper.pdf", "prop.pdf", "paper-copy.dat", "bundled.pdf"] + [f"rot{r}.pdf" for r in (90, 180, 270) if os.path.exists(f"{T}/rot{r}.pdf")]:
    d = json.load(open(f"{T}/{name}.json"))
    got = sorted((key(f), (f["page"], f["line"])) for f in d["findings"])
    assert got == want, (name, [x for x in got if x not in want], [x for x in want if x not in got])
    assert (d["claims"], d["checked"]) == (t["claims"], t["checked"]), (name, d["claims"], d["checked"])
    assert all(f["file"].endswith(name) for f in d["findings"]), name
# every planted kind at its planted text line, found at the page and line that row has in the PDF
d = json.load(open(f"{T}/paper.pdf.json"))
at = {(f["kind"], f["page"], f["line"]) for f in d["findings"]}
for k, line in (l.split("\t") for l in open(exp).read().split("\n") if l):
    assert (k, *where(int(line))) in at, (k, line, where(int(line)))
print("pdf findings:", len(d["findings"]), "numbers read:", d["claims"], "checks:", d["checked"])
PY

# the seeds (third-party text, read from ../shared): their PDFs audit like their text
if [ -d "$PS_SHARED_DIR/seeds" ]; then
    for s in "$PS_SHARED_DIR"/seeds/*.txt; do
        b=$(basename "$s" .txt)
        "$PS_TEXT2PDF" "$s" "$T/$b.pdf" 40 || fail "text2pdf $b"
        "$PERFSCRIBE" audit --paper "$s" --format json > "$T/$b.t.json"; r1=$?
        "$PERFSCRIBE" audit "$T/$b.pdf" --format json > "$T/$b.p.json"; r2=$?
        [ $r1 -eq $r2 ] || fail "$b: exit $r1 for the text, $r2 for the PDF"
        python3 - "$T/$b.t.json" "$T/$b.p.json" <<'PY' || fail "seed $b"
import json, sys
t, p = (json.load(open(x)) for x in sys.argv[1:])
key = lambda f: (f["kind"], f["severity"], f["server"], f["metric"], f["stated"], f["expected"])
assert sorted(map(key, t["findings"])) == sorted(map(key, p["findings"])), sys.argv[2]
assert (t["claims"], t["checked"]) == (p["claims"], p["checked"]), (t["claims"], p["claims"])
assert all("page" in f for f in p["findings"])
PY
    done
fi

# hostile PDFs: one line on stderr naming the file, exit 3 (4 for a folder), no crash
printf '%%PDF-1.7\ngarbage\n' > "$T/fake.pdf"
head -c 3000 "$T/paper.pdf" > "$T/cut.pdf"
mkdir "$T/folder.pdf"
check_bad() {   # FILE WANT_EXIT WANT_TEXT
    "$PERFSCRIBE" audit --paper "$1" > "$T/out" 2> "$T/err"; local rc=$?
    [ $rc -eq "$2" ] || fail "$1: exit $rc, want $2: $(cat "$T/err")"
    [ "$(wc -l < "$T/err")" -eq 1 ] || fail "$1: stderr not one line: $(cat "$T/err")"
    grep -q "^perfscribe: $1: .*$3" "$T/err" || fail "$1: $(cat "$T/err")"
    [ -s "$T/out" ] && fail "$1: output written"
    return 0
}
check_bad "$T/fake.pdf" 3 "not a readable PDF"
check_bad "$T/cut.pdf" 3 "not a readable PDF"
check_bad "$T/folder.pdf" 4 "is a directory"
if command -v qpdf >/dev/null; then
    qpdf --encrypt secret owner 256 -- "$T/paper.pdf" "$T/locked.pdf" || fail qpdf
    check_bad "$T/locked.pdf" 3 "encrypted PDF (a password is needed)"
    # encrypted for permissions only (empty user password): readable like any PDF
    qpdf --encrypt "" owner 256 -- "$T/paper.pdf" "$T/open.pdf" || fail qpdf
    "$PERFSCRIBE" audit "$T/open.pdf" > "$T/open.txt"; [ $? -eq 1 ] || fail "open.pdf"
    grep -q '^20 findings' "$T/open.txt" || fail "open.pdf: $(tail -n1 "$T/open.txt")"
fi
# a text paper and a PDF paper together: one paper at a time
"$PERFSCRIBE" audit --paper "$D/sample-planted-paper.txt" "$T/paper.pdf" > /dev/null 2> "$T/err"; rc=$?
[ $rc -eq 2 ] || fail "two papers: exit $rc"
echo "audit pdf: ok"
