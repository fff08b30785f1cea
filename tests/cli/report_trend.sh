#!/usr/bin/env bash
# 'report --trend LABEL=PATH' includes the trend section (issue 7: "a trend section that report
# can include") in both HTML and PDF, with the same cells as 'perfscribe trend'.
set -euo pipefail
R=$PS_SOURCE_DIR/samples
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$PERFSCRIBE" trend -q --format json gen1="$R/trend/gen1-raid10" gen2="$R/trend/gen2-raid10" >"$tmp/trend.json"
cell=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); m=[m for m in d['metrics'] if m['key']=='achieved_iops'][0]; print(m['cells'][1])" "$tmp/trend.json")
case "$cell" in *%*IOPS*) ;; *) echo "unexpected cell '$cell'"; exit 1;; esac
"$PERFSCRIBE" report -q "$R/jetstress" --trend gen1="$R/trend/gen1-raid10" --trend gen2="$R/trend/gen2-raid10" \
  -o "$tmp/r.html" -o "$tmp/r.pdf"
grep -q 'Trend across runs' "$tmp/r.html"
grep -qF "$cell" "$tmp/r.html"
pdftotext -layout "$tmp/r.pdf" "$tmp/r.txt" 2>/dev/null
grep -qF "$cell" "$tmp/r.txt"
grep -q 'Trend across runs' "$tmp/r.txt"
# a bad --trend argument is a usage error and leaves nothing behind
set +e
"$PERFSCRIBE" report -q "$R/jetstress" --trend nolabel -o "$tmp/bad.pdf" 2>"$tmp/err"; rc=$?
set -e
[ "$rc" = 2 ] && grep -q "expects LABEL=PATH" "$tmp/err" && [ ! -e "$tmp/bad.pdf" ]
echo "report trend section: ok ($cell)"
