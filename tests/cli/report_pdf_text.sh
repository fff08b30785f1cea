#!/usr/bin/env bash
# The PDF text layer (issue 14): for the demo report and the Traditional Chinese sample (with a
# Chinese machine name as well), pdftotext and mutool both give every table cell of the HTML
# rendering of the same document (numbers as whole tokens, at least as often as the tables hold
# them; texts with white space and hyphens ignored, as wrapping moves them) and every machine
# name; no poppler tool prints anything on stderr; qpdf --check is clean; pdffonts lists only
# embedded subsets with a ToUnicode map.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
for t in pdftotext pdftoppm pdffonts pdfinfo mutool qpdf python3; do
  ps_need_tools "$t"
done
[ -n "$(fc-list :lang=zh-tw file 2>/dev/null | head -1)" ] || ps_skip "no Traditional Chinese font (fonts-wqy-microhei)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src="$PS_SOURCE_DIR/samples"
export SOURCE_DATE_EPOCH=1764460800
mkdir "$tmp/zh"
for f in "$src"/jetstress/MBX03/*; do sed 's/MBX03/測試伺服器03/g' "$f" >"$tmp/zh/$(basename "$f")"; done
"$PERFSCRIBE" report "$src/jetstress" --solution "$src/solution/solution.ini" -o "$tmp/demo.pdf" -o "$tmp/demo.html" -q
"$PERFSCRIBE" report "$tmp/zh" --solution "$src/solution/solution-zh-tw.ini" -o "$tmp/zh.pdf" -o "$tmp/zh.html" -q
check() {   # check NAME MACHINE...
  local n=$1; shift
  local pdf="$tmp/$n.pdf"
  pdftotext "$pdf" "$tmp/$n.poppler.txt" 2>"$tmp/err"
  pdftoppm -r 20 -png "$pdf" "$tmp/$n-page" 2>>"$tmp/err"
  pdffonts "$pdf" >"$tmp/$n.fonts" 2>>"$tmp/err"
  pdfinfo "$pdf" >/dev/null 2>>"$tmp/err"
  [ ! -s "$tmp/err" ] || { echo "FAIL: poppler on $n.pdf:"; sort "$tmp/err" | uniq -c | head; return 1; }
  qpdf --check "$pdf" >"$tmp/qpdf" 2>&1 || { cat "$tmp/qpdf"; return 1; }
  ! grep -qi warning "$tmp/qpdf" || { cat "$tmp/qpdf"; return 1; }
  tail -n +3 "$tmp/$n.fonts" | awk '$1 !~ /^[A-Z][A-Z][A-Z][A-Z][A-Z][A-Z]\+/ || !/ yes yes yes / { print "FAIL: not an embedded subset with ToUnicode: " $0; bad = 1 } END { exit bad }'
  mutool draw -F txt -o "$tmp/$n.mupdf.txt" "$pdf" 2>/dev/null
  for txt in "$tmp/$n.poppler.txt" "$tmp/$n.mupdf.txt"; do
    for m in "$@"; do
      grep -q -- "$m" "$txt" || { echo "FAIL: $m not in $txt"; return 1; }
    done
    python3 - "$tmp/$n.html" "$txt" <<'PY'
import collections, re, sys
from html.parser import HTMLParser
class Cells(HTMLParser):
    def __init__(s):
        super().__init__(); s.cells = []; s.cur = None
    head = 0   # column headings wrap inside narrow PDF columns: their words interleave; body cells only
    def handle_starttag(s, tag, a):
        if tag == "thead": s.head = 1
        if tag in ("td", "th") and not s.head: s.cur = []
    def handle_endtag(s, tag):
        if tag == "thead": s.head = 0
        if tag in ("td", "th") and s.cur is not None:
            s.cells.append("".join(s.cur).strip()); s.cur = None
    def handle_data(s, d):
        if s.cur is not None: s.cur.append(d)
p = Cells(); p.feed(open(sys.argv[1], encoding="utf-8").read())
text = open(sys.argv[2], encoding="utf-8").read()
tokens = collections.Counter(re.findall(r"\S+", text))
norm = lambda s: re.sub(r"[\s\-]+", "", s)
flat = norm(text)
num = re.compile(r"^-?[0-9][0-9,]*(\.[0-9]+)?%?$")
want = collections.Counter(c for c in p.cells if num.match(c))
short = [(v, n, tokens[v]) for v, n in want.items() if tokens[v] < n]
missing = [c for c in p.cells if c and norm(c) not in flat]
assert len(p.cells) > 100, len(p.cells)
assert not short and not missing, (sys.argv[2], short[:5], missing[:5])
print("%s: %d cells, %d numeric, all present" % (sys.argv[2].rsplit("/", 1)[-1], len(p.cells), sum(want.values())))
PY
  done
}
check demo MBX01 MBX02 MBX03
check zh 測試伺服器03 範例儲存科技股份有限公司
# three faces in the Chinese document: DejaVu Sans, DejaVu Sans Bold and the CJK fallback
[ "$(tail -n +3 "$tmp/zh.fonts" | wc -l)" = 3 ]
grep -q 'DejaVuSans,Book' "$tmp/zh.fonts"
