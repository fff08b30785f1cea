#!/usr/bin/env bash
# No English stock text of perfscribe in a localized paper (issue 27): the sample run
# (samples/jetstress with samples/solution/solution.ini) and MBX03 with solution-zh-tw.ini, rendered
# under --lang for every catalogue language but English, to HTML and PDF. The English phrases come
# from the English catalogue itself (render/doc/i18n/msg_en.c, every text of enum ps_msg_id read):
# each text whose translation differs, cut at its conversions and {fields}, gives its pieces of two
# words or more. The HTML is read with its chart descriptions and tooltips (SVG <title>/<desc>) and
# its alt/title/aria-label attributes; the PDF through pdftotext. A piece found there is a leak
# unless it is one of these, legitimately English:
#   - ESRP's own terms printed beside their translation (PS_MSG_SUM_*): on purpose;
#   - a file name (JetstressConfig.xml): a name, not words;
#   - words the paper reproduces from its inputs: the piece with the two words before or after it
#     stands in the same order in the run's Jetstress reports, logs or configuration (Jetstress's
#     labels, test-log lines and messages; the paper quotes them verbatim) or in the vendor's
#     solution file (the vendor's own texts).
# Jetstress's message of MBX02's failed Performance test is quoted word for word in the marks
# the language's catalogue puts around it (PS_MSG_W_PRINTED_WHY), not glued onto our sentence.
# So that the check cannot pass by reading nothing: the English paper of the same run, read the
# same way, must show at least 40 of the pieces in both its HTML and its PDF.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3 pdftotext
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1764460800
S="$PS_SOURCE_DIR/samples"
ps_fixture "$S/solution/solution.ini" "$S/solution/solution-zh-tw.ini" "$S/jetstress/MBX03"
fail=0
papers=()
# every language of the catalogue (render/doc/i18n/msg_LANG.c; --lang takes "zh_tw" as zh-TW), English first
langs=$(cd "$PS_SOURCE_DIR/render/doc/i18n" && ls msg_*.c | sed 's/^msg_\(.*\)\.c$/\1/' | grep -vx en)
[ "$(echo $langs | wc -w)" -ge 7 ] || { echo "FAIL: only $(echo $langs | wc -w) catalogue languages found"; exit 1; }
for lang in en $langs; do
  for run in all MBX03; do
    if [ $run = all ]; then args=("$S/jetstress" --solution "$S/solution/solution.ini"); inputs="$S/jetstress $S/solution/solution.ini"
    else args=("$S/jetstress/MBX03" --solution "$S/solution/solution-zh-tw.ini"); inputs="$S/jetstress/MBX03 $S/solution/solution-zh-tw.ini"; fi
    [ $lang = en ] && [ $run = MBX03 ] && continue
    out="$tmp/$run-$lang"
    "$PERFSCRIBE" report "${args[@]}" --lang "$lang" -o "$out.html" -o "$out.pdf" -q 2>"$tmp/err" \
      || { echo "FAIL: report $run --lang $lang"; cat "$tmp/err"; fail=1; continue; }
    papers+=("$lang|$inputs|$out.html" "$lang|$inputs|$out.pdf")
  done
done
python3 - "$PS_SOURCE_DIR/render/doc/i18n" "${papers[@]}" <<'EOF' || fail=1
import sys, os, re, html.parser, subprocess
i18n, papers = sys.argv[1], sys.argv[2:]

def catalogue(name):
    src = open("%s/msg_%s.c" % (i18n, name), encoding="utf-8").read()
    return {k: v.replace('\\"', '"').replace("\\\\", "\\") for k, v in
            re.findall(r'^\s*\[(PS_MSG_\w+)\] =\s*"((?:[^"\\]|\\.)*)",\s*$', src, re.M)}
en = catalogue("en")
header = open("%s/ps_msg.h" % i18n, encoding="utf-8").read()
ids = re.findall(r"^\s*(PS_MSG_\w+)\s*(?:= 0)?,", re.split(r"\bPS_MSG_N\b", header.split("enum ps_msg_id {")[1])[0], re.M)
if set(ids) != set(en):
    print("FAIL: msg_en.c read %d texts, ps_msg.h has %d ids; unread: %s" % (len(en), len(ids), sorted(set(ids) - set(en))[:5]))
    sys.exit(1)

class Text(html.parser.HTMLParser):
    """the text a reader gets: element text (SVG <title>/<desc> included) and alt/title/aria-label"""
    def __init__(self):
        super().__init__(convert_charrefs=True); self.out = []; self.skip = 0
    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "script")
        self.out += [" "] + [" %s " % v for k, v in attrs if k in ("alt", "title", "aria-label") and v]
    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "script"); self.out.append(" ")
    def handle_data(self, d):
        if not self.skip: self.out.append(d)

def text_of(path):
    if path.endswith(".pdf"):
        return subprocess.run(["pdftotext", "-enc", "UTF-8", path, "-"], check=True, capture_output=True, text=True).stdout
    data = open(path, encoding="utf-8", errors="replace").read()
    if not path.endswith((".html", ".htm")):
        return data
    t = Text(); t.feed(data); return "".join(t.out)

tokens = lambda s: re.findall(r"[^\W_]+|[^\w\s]", s)  # words and punctuation marks, case kept
words = lambda s: [w.lower() for w in re.findall(r"[^\W_]+", s)]  # words only, to compare with inputs
PUNCT = re.compile(r"[^\w]")

def pieces_for(lang):
    loc = catalogue(lang.lower().replace("-", "_")) if lang != "en" else {}
    out = {}
    for k, e in en.items():
        if k.startswith("PS_MSG_SUM_") or (lang != "en" and loc.get(k) == e):
            continue  # ESRP's terms beside their translation; texts the language writes the same way
        for p in re.split(r"%[-+ #0-9.]*(?:z|l|ll)?[a-z]|\{[a-z_]+\}", e):
            t = tokens(p)
            while t and PUNCT.match(t[0]): t.pop(0)
            while t and PUNCT.match(t[-1]): t.pop()
            n = sum(1 for x in t if not PUNCT.match(x))
            if n >= 2 and re.search("[A-Za-z]", p) and not (len(t) == 3 and t[1] == "." and t[2] in ("xml", "ini", "html")):
                out.setdefault(tuple(t), (k, " ".join(p.split())))
    return out

def jsl_labels():
    src = open("%s/jsl.c" % i18n, encoding="utf-8").read().split("ps_jsl_en[PS_JSL_N] = {")[1].split("};")[0]
    return re.findall(r'"((?:[^"\\]|\\.)*)"', src)

source_cache = {}
def sources(inputs):
    """(the words of the run's Jetstress inputs and of Jetstress's English labels, one space apart
    and '|' between files and labels; the words of the solution file)"""
    if inputs not in source_cache:
        files = []
        for i in inputs.split():
            files += [os.path.join(d, f) for d, _, fs in os.walk(i) for f in fs] if os.path.isdir(i) else [i]
        js, vendor = list(jsl_labels()), []
        for f in sorted(files):
            if f.endswith(".ini"):
                vendor.append(open(f, encoding="utf-8").read())
            elif f.endswith(".csv"):
                with open(f, encoding="utf-8", errors="replace") as fp: js.append(fp.readline())
            elif f.endswith((".html", ".xml", ".log", ".txt")):
                js.append(text_of(f))
        source_cache[inputs] = (" %s " % " | ".join(" ".join(words(t)) for t in js), " %s " % " ".join(words("\n".join(vendor))))
    return source_cache[inputs]

def leaks(lang, inputs, path):
    toks = tokens(text_of(path))
    low = [t.lower() for t in toks]
    js, vendor = sources(inputs)
    pieces = pieces_for(lang)
    first, found, vendor_used = {}, {}, {}
    for p in pieces:
        first.setdefault(p[0], []).append(p)
    for i, t in enumerate(toks):
        for p in first.get(t, ()):
            j = i + len(p)
            if tuple(toks[i:j]) != p:
                continue
            ctx = lambda a, b: " %s " % " ".join(w for w in low[a:b] if not PUNCT.match(w))
            left = [k for k in range(i) if not PUNCT.match(toks[k])][-2:]
            right = [k for k in range(j, min(len(toks), j + 8)) if not PUNCT.match(toks[k])][:2]
            if ctx(left[0] if left else i, j) in js or ctx(i, right[-1] + 1 if right else j) in js:
                continue  # Jetstress's words, reproduced (its labels, test log, messages, description)
            phrase = ctx(i, j)
            vendor_used[p] = vendor_used.get(p, 0) + 1
            if vendor_used[p] <= vendor.count(phrase):
                continue  # the vendor's words (as often as the solution file has them)
            found.setdefault(p, []).append(" ".join(toks[max(0, i - 6):j + 6]))
    return pieces, found

def quotations(lang, text):
    """the texts between the quotation marks the language's catalogue puts around a message of
    Jetstress (PS_MSG_W_PRINTED_WHY: '... „{why}“')"""
    before, after = catalogue(lang.lower().replace("-", "_"))["PS_MSG_W_PRINTED_WHY"].split("{why}")
    return re.findall(re.escape(before.rstrip()[-1]) + r"\s*(.+?)\s*" + re.escape(after.lstrip()[0]), text)

fail = 0
for entry in papers:
    lang, inputs, path = entry.split("|")
    pieces, found = leaks(lang, inputs, path)
    name = os.path.basename(path)
    if lang != "en" and name.startswith("all-"):
        # MBX02's Performance test failed with Jetstress's message: the paper quotes it, in the
        # language's marks, word for word
        quoted = [q for q in quotations(lang, " ".join(text_of(path).split())) if " %s " % " ".join(words(q)) in sources(inputs)[0]]
        if not any("Instance5120.3" in q for q in quoted):
            print("FAIL: %s (--lang %s): Jetstress's message about Instance5120.3 is not quoted in the language's marks" % (name, lang))
            fail = 1
    if lang == "en":
        if len(found) < 40:
            print("FAIL: the English paper %s shows only %d of the %d English pieces: the check reads nothing" % (name, len(found), len(pieces)))
            fail = 1
        else:
            print("ok: English paper %s: %d of %d English pieces found (the check sees them)" % (name, len(found), len(pieces)))
        continue
    if found:
        fail = 1
        print("FAIL: %s (--lang %s): %d English stock texts:" % (name, lang, len(found)))
        for p, ctx in sorted(found.items(), key=lambda x: pieces[x[0]][0]):
            print("  %s '%s' x%d, e.g. ... %s ..." % (pieces[p][0], pieces[p][1], len(ctx), ctx[0]))
    else:
        print("ok: %s (--lang %s): no English stock text" % (name, lang))
sys.exit(fail)
EOF
[ "$fail" = 0 ] && echo "report_lang_english_leak: ok"
exit "$fail"
