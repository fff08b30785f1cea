#!/usr/bin/env bash
# Headless Chromium loads the HTML report offline and takes a screenshot (skipped without chromium).
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "SKIP: $CHROMIUM not installed"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SOURCE_DATE_EPOCH=1764460800 "$PERFSCRIBE" report "$PS_SOURCE_DIR/samples/jetstress" -o "$tmp/report.html" -q 2>/dev/null
cd "$tmp"
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$(mktemp -d -p "$tmp")" \
  --screenshot="$tmp/out.png" --window-size=1200,3000 "file://$tmp/report.html" >/dev/null 2>&1
head -c 8 "$tmp/out.png" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'
