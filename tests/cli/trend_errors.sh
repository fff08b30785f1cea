#!/usr/bin/env bash
# trend: hostile labels escaped in HTML, exit codes and messages of bad input and bad usage,
# nothing half-written when one output fails.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/evil.csv" <<'CSV'
label, Users [load], Total IOPS & more [IOPS], Read <b>latency</b> [ms], Where [config]
"<script>alert(1)</script>", 1000, 1200, 8.0, "A&B"
"plain ""quoted""", 2000, 1800, 12.0, "<i>x</i>"
CSV
"$PERFSCRIBE" trend --table "$tmp/evil.csv" -o "$tmp/e.html" -o "$tmp/e.json"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/e.html"
grep -q 'Total IOPS &amp; more' "$tmp/e.html"
grep -q 'Read &lt;b&gt;latency&lt;/b&gt;' "$tmp/e.html"
! grep -qi '<script' "$tmp/e.html"
! grep -q '<b>latency' "$tmp/e.html"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["labels"][0]["label"]=="<script>alert(1)</script>"; assert d["labels"][1]["label"]=="plain \"quoted\""; assert d["metrics"][0]["cells"]==["100% [1200 IOPS]","150% [1800 IOPS]"]' "$tmp/e.json"
# (the SVG charts draw text as glyph outlines: label text never appears as markup)
"$PERFSCRIBE" trend --table "$tmp/evil.csv" --chart load -o "$tmp/e.svg"
xmllint --noout "$tmp/e.svg"
! grep -q 'script' "$tmp/e.svg"

expect() {   # expect CODE PATTERN -- command...
  local code=$1 pat=$2; shift 3
  set +e; "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?; set -e
  [ "$rc" = "$code" ] || { echo "exit $rc, expected $code: $*"; cat "$tmp/err"; exit 1; }
  grep -q -- "$pat" "$tmp/err" || { echo "message lacks '$pat':"; cat "$tmp/err"; exit 1; }
}
printf 'label, A [IOPS]\nx, 12\ny, 1.2.3\n' >"$tmp/bad.csv"
expect 3 "bad.csv:3:4: malformed number '1.2.3'" -- "$PERFSCRIBE" trend --table "$tmp/bad.csv"
expect 4 "missing.csv" -- "$PERFSCRIBE" trend --table "$tmp/missing.csv"
expect 2 "unknown label 'nope'" -- "$PERFSCRIBE" trend --table "$tmp/evil.csv" --baseline nope
expect 2 "trend writes" -- "$PERFSCRIBE" trend --table "$tmp/evil.csv" -o "$tmp/x.xyz"
expect 2 "bars, load or overlay" -- "$PERFSCRIBE" trend --table "$tmp/evil.csv" --chart pie
expect 2 "expected LABEL=PATH" -- "$PERFSCRIBE" trend "$tmp/evil.csv"
expect 2 "label 'Gen 2 RAID 6' is also in the table file" -- "$PERFSCRIBE" trend --table "$PS_SOURCE_DIR/tests/data/trend/generations.csv" "Gen 2 RAID 6=$PS_SOURCE_DIR/samples/trend/gen2-raid6"
expect 2 "nothing to compare" -- "$PERFSCRIBE" trend
expect 2 "--load names an unknown label 'zz'" -- "$PERFSCRIBE" trend --table "$tmp/evil.csv" --load zz=5
cp "$tmp/evil.csv" "$tmp/table.txt"
expect 2 "table.txt" -- "$PERFSCRIBE" trend --table "$tmp/table.txt" -o "$tmp/table.txt"
cmp "$tmp/evil.csv" "$tmp/table.txt"
# a table has no time series: the overlay chart fails and no other output is written
expect 2 "has a time series" -- "$PERFSCRIBE" trend --table "$tmp/evil.csv" --chart overlay -o "$tmp/ok.html" -o "$tmp/o.png"
[ ! -e "$tmp/ok.html" ] && [ ! -e "$tmp/o.png" ]
ls "$tmp" | grep -v '^\(evil.csv\|table.txt\|bad.csv\|e.html\|e.json\|e.svg\|out\|err\)$' && exit 1
echo ok
