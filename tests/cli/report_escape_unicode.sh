#!/usr/bin/env bash
# Hostile and non-Latin machine names: '<script>alert(1)</script>' appears escaped in the HTML,
# and Chinese names render in HTML but warn (once per name) in the PDF, whose fonts lack CJK.
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
"$PERFSCRIBE" report "$tmp/zh" -o "$tmp/zh.pdf" -o "$tmp/zh.html" -q 2>"$tmp/err"
grep -q '測試伺服器03' "$tmp/zh.html"
n=$(grep -c 'fonts lack .* of "測試伺服器03"' "$tmp/err" || true)
[ "$n" = 1 ] || { cat "$tmp/err"; echo "expected one warning naming the string, got $n"; exit 1; }
if command -v pdftotext >/dev/null; then
  pdftotext "$tmp/zh.pdf" "$tmp/zh.txt" 2>/dev/null
  grep -q '?????03' "$tmp/zh.txt"
fi
