#!/usr/bin/env bash
# Accessibility of the HTML report (issue 14): lang on the document; every table header cell has
# a scope; every chart is role="img" named by its own <title> and described by its own <desc>
# (series, axis ranges, threshold); every bar and point marker has a <title> tooltip whose value
# is the one of the chart layout (--dump-layout, computed without the SVG); no script.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
R="$PS_SOURCE_DIR/samples"
export SOURCE_DATE_EPOCH=1764460800
args=("$R/jetstress" --solution "$R/solution/solution.ini" --trend gen1="$R/trend/gen1-raid10" --trend gen2="$R/trend/gen2-raid10")
"$PERFSCRIBE" report "${args[@]}" -o "$tmp/r.html" -q 2>/dev/null
"$PERFSCRIBE" report "${args[@]}" --dump-layout -q >"$tmp/dump" 2>/dev/null
python3 - "$tmp/r.html" "$tmp/dump" <<'PY'
import re, sys
from html.parser import HTMLParser
class Doc(HTMLParser):
    def __init__(s):
        super().__init__(); s.lang = None; s.th = []; s.charts = []; s.stack = []; s.text = None; s.scripts = 0
    def handle_starttag(s, tag, a):
        a = dict(a)
        if tag == "html": s.lang = a.get("lang")
        if tag == "th": s.th.append(a.get("scope"))
        if tag == "script": s.scripts += 1
        if tag == "svg" and "chart" in (a.get("class") or ""):
            s.charts.append({"attrs": a, "ids": {}, "tips": [], "depth": 0})
        if s.charts and tag in ("title", "desc") and s.stack and s.stack[-1] == "svg":
            s.text = (tag, a.get("id"), [])
        elif s.charts and tag == "title" and s.stack and s.stack[-1] == "rect":
            s.text = ("tip", None, [])
        s.stack.append(tag)
    def handle_endtag(s, tag):
        while s.stack and s.stack.pop() != tag: pass
        if s.text and tag in ("title", "desc"):
            kind, ident, parts = s.text; s.text = None
            c = s.charts[-1]
            if kind == "tip": c["tips"].append("".join(parts))
            else: c["ids"][ident] = (kind, "".join(parts))
    def handle_data(s, d):
        if s.text: s.text[2].append(d)
d = Doc(); d.feed(open(sys.argv[1], encoding="utf-8").read())
assert d.lang, "no lang on <html>"
assert d.scripts == 0
assert d.th and all(sc in ("col", "row") for sc in d.th), "th without scope: %d of %d" % (d.th.count(None), len(d.th))
# the layouts, in document order: id, bar values, whether a threshold line exists
dump = open(sys.argv[2], encoding="utf-8").read().split("[chart ")[1:]
assert len(dump) == len(d.charts) > 12, (len(dump), len(d.charts))
points = 0
for c, lay in zip(d.charts, dump):
    name = lay.split("]")[0]
    a = c["attrs"]
    assert a.get("role") == "img", name
    ids = (a.get("aria-labelledby") or "").split()
    assert len(ids) == 2 and ids[0] in c["ids"] and ids[1] in c["ids"], (name, ids)
    assert c["ids"][ids[0]][0] == "title" and c["ids"][ids[0]][1].strip(), name
    kind, desc = c["ids"][ids[1]]
    assert kind == "desc" and "series" in desc and "Vertical axis" in desc, (name, desc)
    for label in re.findall(r'^legend\.\d+\.text = .*"(.*)"$', lay, re.M):
        assert label.split(" (")[0] in desc, (name, label)
    for v, series in re.findall(r"^threshold\.\d+ = value (\S+) .*?( series \d+)?$", lay, re.M):
        want = ("Limit of .* at %g" if series else "Threshold line at %g") % float(v)   # a series' own limit
        assert re.search(want, desc), (name, v, desc)
    bars = [float(v) for v in re.findall(r"^bar\.\d+ = .* value (\S+) rect", lay, re.M)]
    tipvals = [float(m) for m in re.findall(r": (-?[0-9][0-9.]*)(?: [^:]*)?$", "\n".join(c["tips"]), re.M)]
    assert [round(b, 3) for b in bars] == tipvals[:len(bars)], (name, bars[:5], tipvals[:5])
    if "chart.kind = bars+line" in lay:   # one tooltip per point marker of the line series
        n = sum(int(k) for k in re.findall(r"^line\.\d+ = .* points (\d+):", lay, re.M))
        assert len(tipvals) - len(bars) == n, (name, len(tipvals), len(bars), n)
        points += n
assert points > 0, "no bars+line chart checked"
print("lang=%s, %d th with scope, %d charts with title+desc, bar and point tooltips match the layout (%d points)"
      % (d.lang, len(d.th), len(d.charts), points))
PY
