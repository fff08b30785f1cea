#!/usr/bin/env bash
# With SOURCE_DATE_EPOCH set, two runs give byte-identical PDF and HTML; the HTML is
# self-contained (no script, no http(s) reference) and carries the date of SOURCE_DATE_EPOCH.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run="$PS_SOURCE_DIR/samples/jetstress"
sol="$PS_SOURCE_DIR/samples/solution/solution.ini"
for i in 1 2; do
  SOURCE_DATE_EPOCH=1700000000 "$PERFSCRIBE" report "$run" --solution "$sol" -o "$tmp/r$i.pdf" -o "$tmp/r$i.html" -q 2>/dev/null
done
cmp "$tmp/r1.pdf" "$tmp/r2.pdf"
cmp "$tmp/r1.html" "$tmp/r2.html"
grep -q 'November 14, 2023' "$tmp/r1.html"          # 1700000000 = 2023-11-14T22:13:20Z
! grep -qi '<script' "$tmp/r1.html"
! grep -qiE 'https?://' "$tmp/r1.html"
! grep -qiE '(src|href)="[a-z]+:' "$tmp/r1.html"
grep -q '<svg class="chart"' "$tmp/r1.html"
grep -q '@page' "$tmp/r1.html"
# the PDF creation date is the epoch too
grep -aq 'D:20231114221320Z' "$tmp/r1.pdf" || { command -v pdfinfo >/dev/null && pdfinfo "$tmp/r1.pdf" | grep -q 'Nov 14 22:13:20 2023'; }
# a different epoch changes the date only
SOURCE_DATE_EPOCH=1764460800 "$PERFSCRIBE" report "$run" --solution "$sol" -o "$tmp/r3.html" -q 2>/dev/null
grep -q 'November 30, 2025' "$tmp/r3.html"
# a malformed epoch is a usage error
rc=0; SOURCE_DATE_EPOCH=yesterday "$PERFSCRIBE" report "$run" -o "$tmp/r4.html" -q 2>/dev/null || rc=$?
[ "$rc" = 2 ] && [ ! -e "$tmp/r4.html" ]
