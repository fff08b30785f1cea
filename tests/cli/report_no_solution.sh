#!/usr/bin/env bash
# A paper rendered without a solution file: its title comes from what the run gives (the v4 title
# pattern without a vendor: 1,000 + 1,250 + 1,500 mailboxes of samples/jetstress = "3,750 Mailbox
# Resiliency Exchange 2013 Storage Solution"; 2 database copies = Resiliency), and "not provided"
# is never stitched into prose: it stands alone, as a whole paragraph or a whole table cell, in the
# HTML, and nowhere on the PDF's cover, running header or footer, copyright line or introduction.
# The trademark notice (no copyright line: no vendor) is small print at the foot of the cover and
# on no other page: it never stands alone on a page of its own (issue 27: page 4 held only it).
# Both documents audit with 0 errors. The same under --lang ja (未記入 = not provided).
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools pdftotext pdfinfo python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1764460800
S="$PS_SOURCE_DIR/samples"
fail=0

# $1 = language tag, $2 = "not provided" in it, $3 = the expected title
check() {
  local lang=$1 np=$2 want=$3 f
  "$PERFSCRIBE" report "$S/jetstress" --lang "$lang" -o "$tmp/p.pdf" -o "$tmp/p.html" -q 2>"$tmp/err" \
    || { echo "FAIL: report --lang $lang"; cat "$tmp/err"; fail=1; return; }
  local title
  title=$(pdfinfo "$tmp/p.pdf" | sed -n 's/^Title: *//p')
  [ "$title" = "$want" ] || { echo "FAIL: $lang: PDF title '$title', want '$want'"; fail=1; }
  grep -qF "<title>$want</title>" "$tmp/p.html" || { echo "FAIL: $lang: HTML title is not '$want'"; grep -o '<title>[^<]*' "$tmp/p.html"; fail=1; }
  # the cover, and the running header and footer of every page
  pdftotext -f 1 -l 1 "$tmp/p.pdf" "$tmp/cover.txt"
  if grep -qF "$np" "$tmp/cover.txt"; then echo "FAIL: $lang: '$np' on the cover"; fail=1; fi
  pdftotext "$tmp/p.pdf" "$tmp/all.txt"
  local tm pages p on=""
  tm=$(python3 -c 'import re,sys; print(re.search(r"\[PS_MSG_TRADEMARKS\] =\s*\"([^\"]*)\"", open(sys.argv[1], encoding="utf-8").read()).group(1)[:12])' \
    "$PS_SOURCE_DIR/render/doc/i18n/msg_$(echo "$lang" | tr 'A-Z-' 'a-z_').c")
  pages=$(pdfinfo "$tmp/p.pdf" | sed -n 's/^Pages: *//p')
  for p in $(seq 1 "$pages"); do
    pdftotext -f "$p" -l "$p" "$tmp/p.pdf" - | tr -d '\n' | grep -qF "$tm" && on="$on $p"
  done
  [ "$on" = " 1" ] || { echo "FAIL: $lang: the trademark notice '$tm...' on pages$on, want the cover (1) only"; fail=1; }
  if grep -nF "$np $np" "$tmp/all.txt" | head -3 | grep .; then echo "FAIL: $lang: '$np $np' in the PDF"; fail=1; fi
  if grep -nE "©.*$np|$np's" "$tmp/all.txt" | head -3 | grep .; then echo "FAIL: $lang: '$np' in the copyright or intro"; fail=1; fi
  # HTML: every element whose own text holds "not provided" holds nothing else
  python3 - "$tmp/p.html" "$np" <<'EOF' || fail=1
import sys, html.parser
path, np = sys.argv[1], sys.argv[2]
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.bad, self.alone = [], [], 0
    def handle_starttag(self, tag, a):
        if tag not in ("br", "img", "meta", "link", "hr", "col", "input"):
            self.stack.append([tag, ""])
    def handle_endtag(self, tag):
        while self.stack:
            t, text = self.stack.pop()
            text = " ".join(text.split())
            if np in text:
                if text == np: self.alone += 1
                else: self.bad.append("<%s>%s" % (t, text[:120]))
            if self.stack: self.stack[-1][1] += " " + text + " "
            if t == tag: break
    def handle_data(self, d):
        if self.stack: self.stack[-1][1] += d
p = P(); p.feed(open(path, encoding="utf-8").read())
# the innermost element holding the phrase decides; its parents then hold more words
bad = [b for b in p.bad if not any(b.startswith("<%s>" % t) for t in ("html", "body", "main", "section", "div", "table", "tbody", "thead", "tr", "article", "figure", "nav"))]
if bad:
    print("FAIL: 'not provided' inside prose:", *bad[:5], sep="\n  ")
    sys.exit(1)
if p.alone < 10:
    print("FAIL: only %d stand-alone '%s' (the vendor's empty fields)" % (p.alone, np))
    sys.exit(1)
EOF
  for f in "$tmp/p.pdf" "$tmp/p.html"; do
    rc=0
    "$PERFSCRIBE" audit --paper "$f" >"$tmp/audit.txt" 2>&1 || rc=$?
    if [ "$rc" -gt 1 ] || ! grep -q ' 0 errors' "$tmp/audit.txt"; then
      echo "FAIL: $lang: audit of $f:"; grep -E 'error|perfscribe:' "$tmp/audit.txt" | head; fail=1
    fi
  done
}

check en "not provided" "3,750 Mailbox Resiliency Exchange 2013 Storage Solution"
check ja "未記入" "3,750 メールボックス 回復性 Exchange 2013 ストレージ ソリューション"
[ "$fail" = 0 ] && echo "report_no_solution: ok"
exit "$fail"
