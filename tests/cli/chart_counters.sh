#!/usr/bin/env bash
# perfscribe chart on the project's twin logs: one chart per counter (FILE-COUNTER.svg, printed),
# PNG, HTML and PDF documents, --overlay of two logs, --bucket; the German log's counters are
# found by their English names; usage errors exit 2, no matching counter exits 1.
set -euo pipefail
PS=${PERFSCRIBE:?}
D=${PS_SOURCE_DIR:?}/samples/analyze
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$PS" chart "$D/server-de.csv" -c '\Processor(*)\% Processor Time' -c '\LogicalDisk(*)\Avg. Disk sec/Read' -o "$T/c.svg" -o "$T/c.html" > "$T/list"
# one SVG per counter, named by the counter (English names of the German log), each printed
printf 'wrote %s\n' "$T/c-processor-processor-time.svg" "$T/c-logicaldisk-avg-disk-sec-read.svg" "$T/c.html" > "$T/want"
diff "$T/want" "$T/list" || { echo "files printed"; exit 1; }
[ "$(ls "$T" | grep -c '^c.*\.svg$')" = 2 ] || { ls "$T"; echo "expected two SVG files"; exit 1; }
grep -q "<svg" "$T/c-processor-processor-time.svg"
[ "$(grep -o '<svg' "$T/c.html" | wc -l)" -ge 2 ] || { echo "two charts in the HTML"; exit 1; }
# one chart: the file is FILE itself; -q prints nothing
[ -z "$("$PS" chart -q "$D/server-de.csv" -c '\Processor(_Total)\% Processor Time' -o "$T/one.svg")" ] || { echo "-q printed"; exit 1; }
[ -s "$T/one.svg" ] || { echo "one.svg"; exit 1; }
"$PS" chart -q "$D/server-en.csv" "$D/server-de.csv" --overlay --title "two runs" -c '\Processor(_Total)\% Processor Time' -o "$T/o.png"
[ "$(head -c 4 "$T/o.png" | od -An -c | tr -d ' ')" = "211PNG" ] || { echo "not a PNG"; exit 1; }
"$PS" chart -q "$D/server-en.csv" -c '\Memory\*' --bucket 600 -o "$T/m.html"
# three memory counters -> three charts in the page
[ "$(grep -o '<svg' "$T/m.html" | wc -l)" -ge 3 ] || { echo "memory charts missing"; exit 1; }
"$PS" chart -q "$D/server-en.csv" -c '\LogicalDisk(*)\*' -o "$T/d.pdf"
if command -v qpdf > /dev/null; then qpdf --check "$T/d.pdf" > /dev/null; fi
rc=0; "$PS" chart -q "$D/server-en.csv" -c '\Nothing\Here' -o "$T/n.svg" 2> /dev/null || rc=$?
[ "$rc" = 1 ] || { echo "no match: exit $rc"; exit 1; }
rc=0; "$PS" chart -q "$D/server-en.csv" -c '\Memory\*' -o "$T/x.txt" 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "bad extension: exit $rc"; exit 1; }
rc=0; "$PS" chart -q "$D/server-en.csv" -o "$T/x.svg" 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "no -c: exit $rc"; exit 1; }
echo ok
