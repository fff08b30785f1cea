#!/usr/bin/env bash
# A localized paper prints no English stock text: samples/jetstress without a solution file (whose
# vendor texts are English on purpose) (a failing Stress test with its
# failure explanation and chart, a failing Performance test, a soft-recovery test) rendered under
# --lang for every catalogue language; for every message whose translation differs from the English
# one (render/doc/i18n/msg_en.c against msg_LANG.c), no piece of the English text of four words or
# more (the text cut at its conversions) may appear in the HTML's text, nor the failure section's
# "Why: " label, and the failure section's localized heading and chart title words must. Four words:
# the model's own sentences (the explanation of a failure, the verdict reasons) and what the
# appendices reproduce of Jetstress (its English test log, "average database read latency") are
# not stock texts, and share three-word pieces with the catalogue ("Log write latency").
# Also checked: the appendix backup/soft-recovery table labels come from the Jetstress label table
# (render/doc/i18n/jsl.c), not from literals: each of them is a jsl.c entry.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1764460800
S="$PS_SOURCE_DIR/samples"
I18N="$PS_SOURCE_DIR/render/doc/i18n"
fail=0
for lang in zh-TW zh-CN ja ko de fr es; do
  "$PERFSCRIBE" report "$S/jetstress" --lang "$lang" -o "$tmp/$lang.html" -q 2>"$tmp/err" \
    || { echo "FAIL: report --lang $lang"; cat "$tmp/err"; fail=1; continue; }
  python3 - "$I18N" "$lang" "$tmp/$lang.html" <<'EOF' || fail=1
import sys, re, html.parser
i18n, lang, path = sys.argv[1:]
def catalogue(name):
    return dict(re.findall(r'^\s*\[(PS_MSG_\w+)] =\s*"((?:[^"\\]|\\.)*)",\s*$', open("%s/msg_%s.c" % (i18n, name), encoding="utf-8").read(), re.M))
en, loc = catalogue("en"), catalogue(lang.lower().replace("-", "_"))
class T(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True); self.text = []; self.skip = 0
    def handle_starttag(self, tag, a):
        if tag in ("script", "style"): self.skip += 1
    def handle_endtag(self, tag):
        if tag in ("script", "style"): self.skip -= 1
    def handle_data(self, d):
        if not self.skip: self.text.append(d)
t = T(); t.feed(open(path, encoding="utf-8").read())
text = " ".join(" ".join(t.text).split())
bad = []
for k, e in en.items():
    if loc.get(k) == e:
        continue   # the same words in both (names, units)
    for piece in re.split(r"%[-0-9.]*[a-z]", e.replace('\\"', '"')):
        piece = " ".join(piece.split()).strip(" ,.:;()")
        if len(piece.split()) >= 4 and piece in text:
            bad.append("%s: '%s'" % (k, piece))
if "Why: " in text:
    bad.append("PS_MSG_FAIL_WHY: 'Why: '")
if bad:
    print("FAIL: %s paper prints English stock texts:" % lang, *bad[:12], sep="\n  ")
    sys.exit(1)
# the failure section is there, in the language
for k in ("PS_MSG_FAIL_HEADING", "PS_MSG_JM_DB_READ_LAT", "PS_MSG_FAIL_BURSTS"):
    if loc[k] not in text:
        print("FAIL: %s paper lacks %s '%s'" % (lang, k, loc[k])); sys.exit(1)
EOF
done
# the appendix recovery tables' labels are Jetstress labels of jsl.c, not literals of doc_appendix.c
for label in "Soft Recovery Statistics" "Database Backup Statistics" "Seconds per log" "Log files replayed"; do
  grep -qF "\"$label\"" "$I18N/jsl.c" || { echo "FAIL: '$label' is not in jsl.c"; fail=1; }
  if grep -qF "\"$label\"" "$PS_SOURCE_DIR/render/doc/doc_appendix.c"; then echo "FAIL: '$label' is a literal of doc_appendix.c"; fail=1; fi
done
[ "$fail" = 0 ] && echo "report_lang_stock: ok"
exit "$fail"
