#!/usr/bin/env bash
# The HTML paper printed by headless Chromium (skipped without it): for a run that does not
# qualify, in the languages with the longest titles, the title page stays one printed page (its
# small print on page 1, the contents opening page 2) with the draft line on it, and the draft
# mark (CSS generated content) is in no page's text: its word appears in the draft line only.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -x "$CHROMIUM" ] || ps_skip_optional "$CHROMIUM not installed (.ci/run installs it when it can)"
ps_need_tools pdftotext pdfinfo
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# language, the mark's word (the catalogue's PS_MSG_DRAFT), the contents heading
while read -r lang word contents; do
  SOURCE_DATE_EPOCH=1764460800 "$PERFSCRIBE" report "$PS_SOURCE_DIR/samples/jetstress" \
    --solution "$PS_SOURCE_DIR/samples/solution/solution.ini" --lang "$lang" -o "$tmp/$lang.html" -q 2>/dev/null || true
  grep -q "data-mark=\"$word\"" "$tmp/$lang.html" || { echo "FAIL: $lang: no draft mark '$word' in the HTML"; exit 1; }
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$(mktemp -d -p "$tmp")" \
    --no-pdf-header-footer --print-to-pdf="$tmp/$lang.pdf" "file://$tmp/$lang.html" >/dev/null 2>&1
  pages=$(pdfinfo "$tmp/$lang.pdf" | sed -n 's/^Pages: *//p')
  [ "${pages:-0}" -gt 10 ] || { echo "FAIL: $lang: $pages printed pages"; exit 1; }
  p1=$(pdftotext -f 1 -l 1 "$tmp/$lang.pdf" -)
  p2=$(pdftotext -f 2 -l 2 "$tmp/$lang.pdf" - | grep -v '^\s*$' | head -1)
  grep -q 'CS-ESRP-2026-04' <<<"$p1" || { echo "FAIL: $lang: the title page's small print left page 1"; exit 1; }
  [ "$p2" = "$contents" ] || { echo "FAIL: $lang: page 2 opens with '$p2', not the contents"; exit 1; }
  [ "$(grep -c "$word" <<<"$p1")" = 1 ] || { echo "FAIL: $lang: '$word' not once (the draft line) on page 1"; exit 1; }
  n=$(pdftotext -f 3 -l "$pages" "$tmp/$lang.pdf" - | grep -c "$word" || true)
  [ "$n" = 0 ] || { echo "FAIL: $lang: the mark's word '$word' in the text of pages 3-$pages ($n lines)"; exit 1; }
done <<'LANGS'
en DRAFT Contents
de ENTWURF Inhalt
fr BROUILLON Sommaire
es BORRADOR Contenido
LANGS
echo "report_html_print: ok"
