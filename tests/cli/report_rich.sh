#!/usr/bin/env bash
# The bundled sample solution file (rich text, figures, logo, revisions, footnotes) renders the
# same structure in HTML and PDF: heading, list-item, figure and table counts read from the HTML
# DOM (python3 html.parser) and from the PDF outline (mutool) and text (pdftotext); pdfimages
# lists every figure and the logo; every list item and caption is in the PDF text; the vendor's
# markup is escaped, never passed through.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
for t in pdftotext pdfimages mutool python3; do
  ps_need_tools "$t"
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1764460800
sol="$PS_SOURCE_DIR/tests/data/report/solution-rich.ini"   # the sample plus markup fixtures
"$PERFSCRIBE" report "$PS_SOURCE_DIR/samples/jetstress" --solution "$sol" -o "$tmp/r.pdf" -o "$tmp/r.html" -q
pdftotext "$tmp/r.pdf" "$tmp/r.txt"
pdftotext -layout "$tmp/r.pdf" "$tmp/rl.txt"
mutool show "$tmp/r.pdf" outline >"$tmp/outline.txt"
pdfimages -list "$tmp/r.pdf" >"$tmp/images.txt"
python3 - "$tmp" <<'PY'
import re, sys
from html.parser import HTMLParser
d = sys.argv[1]
html = open(d + "/r.html", encoding="utf-8").read()
txt = open(d + "/r.txt", encoding="utf-8").read()
layout = open(d + "/rl.txt", encoding="utf-8").read()
outline = open(d + "/outline.txt", encoding="utf-8").read().splitlines()
images = open(d + "/images.txt", encoding="utf-8").read().splitlines()[2:]

class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.main = 0; self.stack = []; self.heads = []; self.items = []; self.figures = 0
        self.numbered = 0; self.tables = 0; self.captions = []; self.figcaptions = []; self.imgs = 0; self.cur = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "main": self.main = 1
        if tag == "img": self.imgs += 1
        if not self.main: return
        if re.fullmatch(r"h[1-6]", tag) or tag in ("li", "caption", "figcaption"):
            self.stack.append([tag, ""])
        if tag == "figure" and "figure" in a.get("class", "").split(): self.figures += 1
        if tag == "figure" and "id" in a: self.numbered += 1
        if tag == "table": self.tables += 1
    def handle_endtag(self, tag):
        if tag == "main": self.main = 0
        if self.stack and self.stack[-1][0] == tag:
            t, s = self.stack.pop()
            s = " ".join(s.split())
            if t == "li": self.items.append(s)
            elif t == "caption": self.captions.append(s)
            elif t == "figcaption": self.figcaptions.append(s)
            else: self.heads.append((int(t[1]), s))
            if self.stack and t != "li": self.stack[-1][1] += s
    def handle_data(self, data):
        if self.stack: self.stack[-1][1] += data

dom = Dom(); dom.feed(html)
flat = " ".join(txt.split())
def in_pdf(s):
    return " ".join(s.split()) in flat

# headings: levels 1-2 are the PDF outline; every heading's text is in the PDF
top = [h for h in dom.heads if h[0] <= 2]
assert len(top) == len(outline), (len(top), len(outline))
for (lvl, t), o in zip(top, outline):
    assert '"%s"' % t in o, (t, o)
for lvl, t in dom.heads:
    assert in_pdf(t), ("heading missing from the PDF text", t)
deep = [h for h in dom.heads if h[0] >= 3]
assert any(re.sub(r"^[0-9.]+ ", "", t) == "Storage layout" for l, t in dom.heads if l == 2), dom.heads   # "#" under a level-1 section

# list items: the same count of bullets/numbers in the PDF, every item's text in it
marks = [l for l in layout.splitlines() if re.match(r"\s*(•|◦|▪|[1-9][0-9]?\.)\s+\S", l)]
assert len(marks) == len(dom.items), (len(marks), len(dom.items), marks)
for it in dom.items:
    assert in_pdf(it), ("list item missing from the PDF text", it)
for it in ("Mirrored write cache of 64 GB per system", "iSCSI at 10 GbE", "Fibre Channel at 16 Gb/s",
           "Create the two RAID-10 pools on the array."):
    assert it in dom.items, it

# figures: numbered captions in both, one embedded image per figure plus the logo
assert dom.figures == 2, dom.figures
pdf_figs = sorted(set(re.findall(r"Figure (\d+): ", txt)))
# images and charts are numbered together ("Figure N" in both documents)
assert sorted(pdf_figs, key=int) == [str(i + 1) for i in range(dom.numbered)], (pdf_figs, dom.numbered)
for c in dom.figcaptions:
    assert in_pdf(c), ("caption missing from the PDF text", c)
objs = {}
for l in images:
    f = l.split()
    if f[2] == "image":
        objs[f[10]] = (f[3], f[4], f[8])
sizes = sorted(objs.values())
assert sizes == sorted([("360", "100", "image"), ("900", "440", "image"), ("800", "300", "jpeg")]), sizes
pages_with_logo = sum(1 for l in images if l.split()[2] == "image" and l.split()[3:5] == ["360", "100"])
assert pages_with_logo == int(re.search(r"[Pp]age \d+ of (\d+)", txt).group(1)), pages_with_logo
assert dom.imgs == 2 + 2 and 'src="data:image/png;base64,' in html and 'src="data:image/jpeg;base64,' in html

# tables: every numbered table of the HTML has its "Table N: caption" in the PDF
pdf_tabs = sorted(set(int(n) for n in re.findall(r"Table (\d+): ", txt)))
assert pdf_tabs == list(range(1, len(dom.captions) + 1)), (pdf_tabs, len(dom.captions))
for c in dom.captions:
    assert in_pdf(c), c
assert "Table 2: LUNs per mailbox server" in dom.captions, dom.captions
assert "Table 1: Revisions" in dom.captions

# front matter and footnotes
for s in ("Abstract", "Acknowledgements", "2026-11-30", "Published with the results of the second Jetstress run",
          "List of figures", "List of tables", "jumbo frames (MTU 9000)", "20% headroom is included"):
    assert s in flat and s in " ".join(html.split()), s
# links: HTML anchor, PDF text plus URL
assert '<a href="https://contoso.example/cs-4000">Contoso product page</a>' in html
assert "Contoso product page (https://contoso.example/cs-4000)" in flat
# the vendor's markup: escaped in HTML, printed as written in the PDF
assert "&lt;b&gt;not bold&lt;/b&gt; &amp; not a tag" in html and "<b>not bold" not in html
assert "<b>not bold</b> & not a tag" in flat
print("structure: %d headings (%d in the outline), %d list items, %d figures, %d numbered tables" %
      (len(dom.heads), len(top), len(dom.items), dom.figures, len(dom.captions)))
PY
