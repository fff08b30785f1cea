#!/usr/bin/env bash
# Hostile and non-Latin machine names: '<script>alert(1)</script>' appears escaped in the HTML,
# and a Chinese machine name is in the HTML and in the PDF's text layer (drawn with the CJK
# fallback face fontconfig finds, without a warning).
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src="$PS_SOURCE_DIR/samples/jetstress"
export SOURCE_DATE_EPOCH=1764460800
# 1. report-only run whose machine name is markup (entity-encoded in the Jetstress report)
mkdir "$tmp/evil"
sed 's/MBX02/\&lt;script\&gt;alert(1)\&lt;\/script\&gt;/g' "$src/MBX02/Performance_2026_3_14_10_12_40.html" \
  >"$tmp/evil/Performance_2026_3_14_10_12_40.html"
"$PERFSCRIBE" report "$tmp/evil" -o "$tmp/evil.html" -q 2>/dev/null
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/evil.html"
! grep -qi '<script' "$tmp/evil.html"
# 2. Chinese machine name in report and counter log
mkdir "$tmp/zh"
for f in "$src"/MBX03/*; do
  sed 's/MBX03/測試伺服器03/g' "$f" >"$tmp/zh/$(basename "$f")"
done
grep_zh=$(fc-list :lang=zh-tw file 2>/dev/null | head -1)
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -n "$grep_zh" ] || ps_skip "no Traditional Chinese font (fonts-wqy-microhei)"
"$PERFSCRIBE" report "$tmp/zh" -o "$tmp/zh.pdf" -o "$tmp/zh.html" -q 2>"$tmp/err"
# Traditional Chinese (測, 試) for screen readers: the document's language, or a span in another
if grep -q '<html lang="zh-Hant">' "$tmp/zh.html"; then
  grep -q '>Appendix A – 測試伺服器03<\|>附錄 A – 測試伺服器03<' "$tmp/zh.html"
  ! grep -q '<span lang=' "$tmp/zh.html"
else
  grep -q '<span lang="zh-Hant">測試伺服器</span>03' "$tmp/zh.html"
fi
! grep -q 'font' "$tmp/err" || { cat "$tmp/err"; echo "unexpected font warning"; exit 1; }
if command -v pdftotext >/dev/null; then
  pdftotext "$tmp/zh.pdf" "$tmp/zh.txt" 2>"$tmp/poppler.err"
  grep -q '附錄 A – 測試伺服器03' "$tmp/zh.txt"
  [ ! -s "$tmp/poppler.err" ] || { cat "$tmp/poppler.err"; exit 1; }
fi
