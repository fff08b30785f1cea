#!/usr/bin/env bash
# make demo: run perfscribe on the bundled samples. $1 = path of the perfscribe binary.
set -euo pipefail
PS=${1:-build/perfscribe}
cd "$(dirname "$0")/.."
mkdir -p out
echo "== perfscribe summary samples/perfmon/mbx01-2h.csv -o out/summary.txt (first lines)"
"$PS" summary -q samples/perfmon/mbx01-2h.csv -o out/summary.txt
head -8 out/summary.txt
echo
echo "== perfscribe check samples/jetstress (MBX02 and MBX01's Stress test fail on purpose: exit 1 expected)"
"$PS" check samples/jetstress || true
echo
echo "== perfscribe report samples/jetstress --solution samples/solution/solution.ini -o out/report.pdf -o out/report.html"
echo "   (the vendor's CommonMark texts, two figures, a logo, revisions and footnotes: docs/solution-format.md)"
"$PS" report samples/jetstress --solution samples/solution/solution.ini -o out/report.pdf -o out/report.html -q
echo "ESRP document written: $(pwd)/out/report.pdf and $(pwd)/out/report.html"
echo
echo "== perfscribe report samples/jetstress/MBX03 --solution samples/solution/solution-zh-tw.ini -o out/report-zh-tw.pdf -o out/report-zh-tw.html"
echo "   (Traditional Chinese: the MBX03 report's labels and the vendor's texts; CJK glyphs from fonts-wqy-microhei)"
"$PS" report samples/jetstress/MBX03 --solution samples/solution/solution-zh-tw.ini \
  -o out/report-zh-tw.pdf -o out/report-zh-tw.html -q
echo "ESRP document written: $(pwd)/out/report-zh-tw.pdf and $(pwd)/out/report-zh-tw.html"
echo
echo "== perfscribe audit --paper out/report.pdf (and .html, and the zh-TW pair): perfscribe's own checker reads"
echo "   back every paper it wrote; 0 errors expected (MBX01's Stress verdict is a warning: its failure is a maximum)"
for f in out/report.pdf out/report.html out/report-zh-tw.pdf out/report-zh-tw.html; do
  echo "-- $f"
  "$PS" audit --paper "$f" 2>/dev/null | tail -2 | head -1 || true
done
echo
echo "== perfscribe report samples/jetstress/MBX01 --lang ja -o out/report-ja.pdf (stock texts in Japanese; Jetstress's"
echo "   own labels stay English where no Japanese Jetstress report is known)"
"$PS" report samples/jetstress/MBX01 --lang ja -o out/report-ja.pdf -q
echo "ESRP document written: $(pwd)/out/report-ja.pdf"
echo
echo "== perfscribe analyze samples/analyze/server-de.csv (a German server log, built-in 'system' rules; critical alerts: exit 1 expected)"
"$PS" analyze -q samples/analyze/server-de.csv -o out/analysis.txt || true
head -12 out/analysis.txt
"$PS" analyze -q samples/analyze/server-de.csv -o out/analysis.html || true
"$PS" analyze -q samples/analyze/server-de.csv -o out/analysis.pdf || true
echo "analysis written: $(pwd)/out/analysis.html and $(pwd)/out/analysis.pdf"
"$PS" chart -q samples/analyze/server-en.csv samples/analyze/server-de.csv -c '\LogicalDisk(*)\Avg. Disk sec/Read' -o out/disk-latency.svg
echo "chart written: $(pwd)/out/disk-latency.svg"
