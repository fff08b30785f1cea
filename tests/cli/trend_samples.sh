#!/usr/bin/env bash
# The three bundled trend runs (samples/trend): figures recomputed from the counter logs by a
# Python script, relative values 100 * v / base, the relative-time overlay, output files valid.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
s="$PS_SOURCE_DIR/samples/trend"
runs=(gen1=gen1-raid10 gen2=gen2-raid10 gen2-r6=gen2-raid6)
args=(); for r in "${runs[@]}"; do args+=("${r%%=*}=$s/${r#*=}"); done
disks=(--disks gen1=24 --disks gen2=12 --disks gen2-r6=12)
"$PERFSCRIBE" trend "${args[@]}" "${disks[@]}" --format json -q >"$tmp/t.json"
"$PERFSCRIBE" trend "${args[@]}" --dump-layout --chart overlay -q >"$tmp/overlay.txt"
python3 "$PS_SOURCE_DIR/tests/data/trend/sample_figures.py" "$s" "$tmp/t.json" "$tmp/overlay.txt" "${runs[@]}" \
  --disks gen1=24 --disks gen2=12 --disks gen2-r6=12
# hand-checked cells (samples/trend/README.md): achieved 226.629 -> 338.969 IOPS = 149.57 %
"$PERFSCRIBE" trend "${args[@]}" -q >"$tmp/t.txt"
grep -q '^Achieved transactional IOPS  *100% \[227 IOPS\]  *150% \[339 IOPS\]  *150% \[340 IOPS\]$' "$tmp/t.txt" \
  || { cat "$tmp/t.txt"; exit 1; }
# --baseline: gen2 = 100 %, gen1 = 226.629 / 338.969 = 66.86 % -> 67 %
"$PERFSCRIBE" trend "${args[@]}" --baseline gen2 -q | grep -q '^Achieved transactional IOPS  *67% \[227 IOPS\]  *100% \[339 IOPS\]'
# a label repeated adds paths to its run: two server folders = the run folder
"$PERFSCRIBE" trend "all=$s/gen1-raid10" "parts=$s/gen1-raid10/MBX01/Performance_2025_5_6_9_0_5.html" \
  "parts=$s/gen1-raid10/MBX02" --format json -q >"$tmp/parts.json"
python3 - "$tmp/parts.json" <<'PY'
import json, sys
for m in json.load(open(sys.argv[1]))["metrics"]:
    if m["key"] in ("achieved_iops", "target_iops", "achieved_iops@MBX02"):
        # MBX01 from its report alone (3 decimals), MBX02 from report + log
        assert abs(m["values"][1] - m["values"][0]) <= 0.001, m
PY
# a published figure in a table file shares the row of the measured runs when its title is
# a standard metric's: paper 200 IOPS -> gen1 226.628775 = 113.31 % -> 113 %
printf 'label, Achieved transactional IOPS [IOPS], database read latency [ms]\npaper, 200, 16.0\n' >"$tmp/paper.csv"
"$PERFSCRIBE" trend --table "$tmp/paper.csv" "gen1=$s/gen1-raid10" -q >"$tmp/paper.txt"
grep -q '^Achieved transactional IOPS  *100% \[200 IOPS\]  *113% \[227 IOPS\]$' "$tmp/paper.txt" || { cat "$tmp/paper.txt"; exit 1; }
grep -q '^database read latency  *100% \[16.0 ms\]  *91% \[14.5 ms\]$' "$tmp/paper.txt"   # 14.544940 / 16 = 90.9 %
# --solution: mailboxes and disks from a solution description (--mailboxes wins over it)
printf '[document]\nvendor = X\nmailboxes = 2,000\n[hardware]\ndisks_tested = 20\n' >"$tmp/sol.ini"
"$PERFSCRIBE" trend "${args[@]}" --solution "gen1=$tmp/sol.ini" --mailboxes gen2=600 --format json -q >"$tmp/sol.json"
python3 - "$tmp/sol.json" <<'PY'
import json, sys
m = {x["key"]: x for x in json.load(open(sys.argv[1]))["metrics"]}
a = m["achieved_iops"]["values"]
assert abs(m["iops_per_mailbox"]["values"][0] - a[0] / 2000) < 1e-12     # solution
assert abs(m["iops_per_mailbox"]["values"][1] - a[1] / 600) < 1e-12      # --mailboxes
assert abs(m["iops_per_mailbox"]["values"][2] - a[2] / 1500) < 1e-12     # configs: 2 x 750
assert abs(m["iops_per_disk"]["values"][0] - a[0] / 20) < 1e-12
assert m["iops_per_disk"]["values"][1] is None
PY
# every output format; files valid
export SOURCE_DATE_EPOCH=1780000000
"$PERFSCRIBE" trend "${args[@]}" --load gen1=1000 --load gen2=1200 --load gen2-r6=1500 --load-name mailboxes \
  --config gen1=Gen1 --config gen2=Gen2 --config gen2-r6=Gen2 -q \
  -o "$tmp/t.html" -o "$tmp/t.pdf" -o "$tmp/bars.svg" -o "$tmp/bars.png"
for c in load overlay; do
  "$PERFSCRIBE" trend "${args[@]}" --load gen1=1000 --load gen2=1200 --load gen2-r6=1500 -q --chart $c -o "$tmp/$c.svg"
  xmllint --noout "$tmp/$c.svg"
done
xmllint --noout "$tmp/bars.svg"
[ "$(head -c 8 "$tmp/bars.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
python3 - "$tmp/t.html" <<'PY'   # tags balanced (void elements aside), no script
import sys
from html.parser import HTMLParser
VOID = {"meta", "br", "img", "hr", "link", "input", "path", "use", "rect", "image"}
class P(HTMLParser):
    stack = []
    def handle_starttag(self, tag, a):
        assert tag != "script"
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, a):
        pass
    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:], self.getpos())
        self.stack.pop()
p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
p.close()
assert not p.stack, p.stack
PY
[ "$(grep -c '<svg' "$tmp/t.html")" = 3 ]      # bars, load and overlay charts inline
grep -q '149%\|150% \[339 IOPS\]' "$tmp/t.html"
! grep -qiE '(src|href)="(https?:)?//' "$tmp/t.html"
qpdf --check "$tmp/t.pdf" >/dev/null
if command -v pdftotext >/dev/null; then
  pdftotext "$tmp/t.pdf" "$tmp/t.pdf.txt" 2>/dev/null
  grep -q '150% \[339 IOPS\]' "$tmp/t.pdf.txt"
fi
# reproducible PDF
"$PERFSCRIBE" trend "${args[@]}" -q -o "$tmp/t2.pdf" --load gen1=1000 --load gen2=1200 --load gen2-r6=1500 \
  --load-name mailboxes --config gen1=Gen1 --config gen2=Gen2 --config gen2-r6=Gen2
cmp "$tmp/t.pdf" "$tmp/t2.pdf"
echo ok
