#!/usr/bin/env bash
# Acceptance of issue 30: analyze's alerts equal what PAL's StaticThreshold logic gives for the
# same threshold file, slice by slice. tests/cli/pal_reference.py re-implements PAL's logic
# (PAL.ps1 StaticThreshold and CreateAlert, PalGenerateCounterStats.ps1 rounding and trend) in
# Python over `perfscribe convert` CSV output; only the slice width is taken from analyze.
# Logs: PAL's own sample log (auto slices and 120/300 s) and the bundled samples, with PAL's
# QuickSystemOverview.xml, Exchange2010.xml (inherits it) and Exchange2016.xml. Skipped when
# $PS_SHARED_DIR/real-samples is absent.
set -euo pipefail
PS=${PERFSCRIBE:?}
R=${PS_SHARED_DIR:-}/real-samples
SRC=${PS_SOURCE_DIR:?}
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -f "$R/pal-thresholds/QuickSystemOverview.xml" ] || ps_skip_optional "$R not present"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
check() {   # LOG XML [analyze options...]
  local log=$1 xml=$2; shift 2
  "$PS" convert -q "$log" -o "$T/log.csv"
  local rc=0
  "$PS" analyze -q "$log" --rules "$xml" --format json "$@" > "$T/out.json" 2> "$T/err" || rc=$?
  [ "$rc" = 0 ] || [ "$rc" = 1 ] || { echo "$log: exit $rc"; cat "$T/err"; exit 1; }
  python3 "$SRC/tests/cli/pal_reference.py" "$T/log.csv" "$xml" "$T/out.json" > "$T/cmp" \
    || { echo "$(basename "$log") $(basename "$xml") $*:"; cat "$T/cmp"; exit 1; }
  echo "$(basename "$log") $(basename "$xml") $*: $(tail -1 "$T/cmp")"
}
Q=$R/pal-thresholds/QuickSystemOverview.xml
if [ -f "$R/blg/PAL_SamplePerfmonLog.blg" ]; then
  for iv in auto 120 300; do check "$R/blg/PAL_SamplePerfmonLog.blg" "$Q" --interval "$iv"; done
fi
for x in QuickSystemOverview Exchange2010 Exchange2016; do
  [ -f "$R/pal-thresholds/$x.xml" ] || continue
  for log in "$SRC/samples/analyze/server-en.csv" "$SRC/samples/perfmon/mbx01-2h.csv"; do
    check "$log" "$R/pal-thresholds/$x.xml"
  done
  [ -f "$R/blg/PS_CounterSamples.blg" ] && check "$R/blg/PS_CounterSamples.blg" "$R/pal-thresholds/$x.xml"
done
echo ok
