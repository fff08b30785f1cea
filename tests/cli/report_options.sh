#!/usr/bin/env bash
# perfscribe report options: --paper letter, --esrp 2/3 wording, --template-dir CSS override,
# --dump-layout (4 charts per Performance server, named <machine>.<test>.<chart>).
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run="$PS_SOURCE_DIR/samples/jetstress"
export SOURCE_DATE_EPOCH=1764460800
"$PERFSCRIBE" report "$run" --paper letter -o "$tmp/l.pdf" -o "$tmp/l.html" -q 2>/dev/null
grep -q '@page { size: letter; }' "$tmp/l.html"
if command -v pdfinfo >/dev/null; then
  pdfinfo "$tmp/l.pdf" 2>/dev/null | grep -q 'Page size: *612 x 792'
  "$PERFSCRIBE" report "$run" -o "$tmp/a4.pdf" -q 2>/dev/null
  pdfinfo "$tmp/a4.pdf" 2>/dev/null | grep -q 'Page size: *595.276 x 841.89'
fi
"$PERFSCRIBE" report "$run" --esrp 2 -o "$tmp/v2.html" -q 2>/dev/null
grep -q 'Tested with: ESRP – Storage Version 2.1' "$tmp/v2.html"
grep -q '<th scope="row">Average Database Disk Transfers/sec</th>' "$tmp/v2.html"
grep -q '<th scope="row">Number of storage groups / host</th>' "$tmp/v2.html"
! grep -q 'Number of Database Availability Groups' "$tmp/v2.html"
"$PERFSCRIBE" report "$run" --esrp 3 -o "$tmp/v3.html" -q 2>/dev/null
grep -q 'Version 3.0' "$tmp/v3.html"
grep -q '<th scope="row">Database Disks Transfers/sec</th>' "$tmp/v3.html"
mkdir "$tmp/tpl"
printf 'body { color: #123456; }\n' >"$tmp/tpl/report.css"
"$PERFSCRIBE" report "$run" --template-dir "$tmp/tpl" -o "$tmp/t.html" -q 2>/dev/null
grep -q 'color: #123456' "$tmp/t.html"
! grep -q 'border-collapse' "$tmp/t.html"     # the built-in CSS was replaced
grep -q '<nav class="toc">' "$tmp/t.html"     # the built-in HTML skeleton is still used
"$PERFSCRIBE" report "$run" --dump-layout -q >"$tmp/dump" 2>/dev/null
[ "$(grep -c '^\[chart ' "$tmp/dump")" = 18 ]   # 4 charts for each of the 4 tests with counter logs (3 Performance, 1 Stress), and one zoomed chart per explained failure (MBX02 Performance, MBX01 Stress)
grep -q '^\[chart MBX02.Performance.read_latency\]$' "$tmp/dump"
grep -q '^threshold.0 = value 20 ' "$tmp/dump"
