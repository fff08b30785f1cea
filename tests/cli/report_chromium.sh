#!/usr/bin/env bash
# Headless Chromium loads the HTML report offline and takes a screenshot (skipped without chromium).
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -x "$CHROMIUM" ] || ps_skip_optional "$CHROMIUM not installed (.ci/run installs it when it can)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SOURCE_DATE_EPOCH=1764460800 "$PERFSCRIBE" report "$PS_SOURCE_DIR/samples/jetstress" -o "$tmp/report.html" -q 2>/dev/null
cd "$tmp"
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$(mktemp -d -p "$tmp")" \
  --screenshot="$tmp/out.png" --window-size=1200,3000 "file://$tmp/report.html" >/dev/null 2>&1
# a PNG of the requested size ...
head -c 8 "$tmp/out.png" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || { echo "FAIL: not a PNG"; exit 1; }
dims=$(od -An -tu1 -j 16 -N 8 "$tmp/out.png" | awk '{ print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8 }')
[ "$dims" = 1200x3000 ] || { echo "FAIL: screenshot is $dims, not 1200x3000"; exit 1; }
# ... that is not a blank page (a white 1200x3000 PNG compresses to a few KB)
size=$(stat -c %s "$tmp/out.png")
[ "$size" -gt 40000 ] || { echo "FAIL: screenshot of $size bytes: blank page?"; exit 1; }
# and the DOM Chromium built from the file holds the document: title, every server, charts
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$(mktemp -d -p "$tmp")" \
  --dump-dom "file://$tmp/report.html" >"$tmp/dom.html" 2>/dev/null
for want in MBX01 MBX02 MBX03 'Storage Performance Results' '<svg'; do
  grep -qF "$want" "$tmp/dom.html" || { echo "FAIL: the rendered DOM lacks '$want'"; exit 1; }
done
echo "report_chromium: ok ($dims, $size bytes)"
