#!/usr/bin/env bash
# perfscribe analyze on every real log in $PS_SHARED_DIR/real-samples (blg/ and csv/; skipped
# when absent): the exit code is what the values dictate (1 exactly when the JSON holds a
# critical alert or no rule could be evaluated, else 0); the two files that are not PerfMon logs
# (a text log named .blg, a Get-Counter export) are refused with exit 3. The layout-A PAL sample
# (1,832 columns) also goes to HTML and PDF: qpdf --check, every alert in pdftotext.
set -euo pipefail
PS=${PERFSCRIBE:?}
R=${PS_SHARED_DIR:-}/real-samples
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -d "$R/blg" ] || ps_skip_optional "$R not present"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
for f in "$R"/blg/* "$R"/csv/*; do
  b=$(basename "$f")
  rc=0; "$PS" analyze -q --format json "$f" > "$T/out.json" 2> "$T/err" || rc=$?
  case "$b" in
    PS_CorruptBlg.blg|exchange-getcounter-german.txt)
      [ "$rc" = 3 ] || { echo "$b: exit $rc, expected 3"; cat "$T/err"; exit 1; }; continue;;
  esac
  python3 - "$T/out.json" "$rc" "$b" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); rc = int(sys.argv[2])
want = 1 if j["alert_counts"]["critical"] or j["rules_evaluated"] == 0 else 0
assert rc == want, "%s: exit %d, the values dictate %d" % (sys.argv[3], rc, want)
print("%-40s exit %d  %d rules evaluated, %d critical, %d warning" % (sys.argv[3], rc, j["rules_evaluated"],
      j["alert_counts"]["critical"], j["alert_counts"]["warning"]))
PY
  n=$((n + 1))
done
[ "$n" -ge 10 ] || { echo "only $n logs analysed"; exit 1; }
PAL=$R/blg/PAL_SamplePerfmonLog.blg
if [ -f "$PAL" ]; then
  rc=0; "$PS" analyze -q "$PAL" -o "$T/pal.html" || rc=$?
  [ "$rc" -le 1 ] && grep -q "<svg" "$T/pal.html"
  rc=0; "$PS" analyze -q "$PAL" -o "$T/pal.pdf" || rc=$?
  [ "$rc" -le 1 ] || { echo "pal pdf: exit $rc"; exit 1; }
  if command -v qpdf > /dev/null; then qpdf --check "$T/pal.pdf" > /dev/null; fi
  "$PS" analyze -q --format json "$PAL" > "$T/pal.json" || true
  if command -v pdftotext > /dev/null; then
    pdftotext -layout "$T/pal.pdf" "$T/pal.txt" 2> /dev/null
    python3 - "$T" <<'PY'
import json, re, sys
t = sys.argv[1]
rows = [l for l in open(t + "/pal.txt", encoding="utf-8").read().splitlines() if re.match(r"\s*(critical|warning)\s+\d{4}-", l)]
alerts = json.load(open(t + "/pal.json"))["alerts"]
assert len(rows) == len(alerts), (len(rows), len(alerts))
PY
  fi
fi
echo ok
