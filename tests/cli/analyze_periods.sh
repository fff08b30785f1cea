#!/usr/bin/env bash
# Logs of different days are sliced each on its own time range (issue 30; model/analyze/an_grid.c):
# no grid over the months between them. Hand-made logs, processor-time (_Total avg > 80 critical):
#  - jan.csv: 2026-01-05 09:00 to 10:59:45 every 15 s, 20 % with a burst to 97 % from 09:30:00 to
#    09:39:45. Two hours -> 30 slices of 240 s (aligned on multiples of 240 s): 09:28 holds 8 burst
#    samples of 16 (avg 58.5, no alert), 09:32 and 09:36 only burst samples: two critical alerts;
#  - dec.csv: the same two hours on 2026-12-01 14:00 with the burst at 15:10: alerts at 15:12 and
#    15:16. Eleven months apart, the logs are 2 periods, slices 0-29 and 30-59 (15:12 is 30 + 18);
#  - mar.csv: 3 days from 2026-03-01 00:00 every 5 min, 20 % with 97 % from 03-02 12:00 to 17:55:
#    the grid widens to 3600 s (72 fine slices), g = ceil(72 / 30) = 3: slices of 10800 s, whole
#    slices 12:00 and 15:00 critical (slices 30 + 12 and 30 + 13 after jan.csv). With jan.csv: 30 x 240 s and 24 x 10800 s, each log at its
#    own scale.
# Before: one grid over the union (2 h + 11 months -> 12-day slices): no alert at all.
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import datetime as dt, sys
d = sys.argv[1]
def log(name, start, step_s, n, burst_from, burst_to):
    with open(f"{d}/{name}", "w", newline="") as f:
        f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)","\\\\H\\Processor(_Total)\\% Processor Time"\r\n')
        for i in range(n):
            t = start + dt.timedelta(seconds=step_s * i)
            f.write('"%s","%d"\r\n' % (t.strftime("%m/%d/%Y %H:%M:%S.000"), 97 if burst_from <= t < burst_to else 20))
D = dt.datetime
log("jan.csv", D(2026, 1, 5, 9), 15, 480, D(2026, 1, 5, 9, 30), D(2026, 1, 5, 9, 40))
log("dec.csv", D(2026, 12, 1, 14), 15, 480, D(2026, 12, 1, 15, 10), D(2026, 12, 1, 15, 20))
log("mar.csv", D(2026, 3, 1), 300, 864, D(2026, 3, 2, 12), D(2026, 3, 2, 18))
PY
J() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
alerts='[(a["rule"], a["severity"], a["start"][:16], a["slice"]) for a in j["alerts"]]'
periods='[(p["first"][:16], p["last"][:16], p["slice_seconds"], p["first_slice"], p["slices"]) for p in j["periods"]]'

# pair NAME WANT_ALERTS WANT_PERIODS LOG...: analyze's JSON on the logs (exit 1), alerts and periods
pair() {
  local name=$1 want_a=$2 want_p=$3 rc=0 got; shift 3
  "$PS" analyze -q --format json "$@" > "$T/$name.json" || rc=$?
  [ "$rc" = 1 ] || { echo "$name: exit $rc"; exit 1; }
  got=$(J "$T/$name.json" "$alerts")
  [ "$got" = "$want_a" ] || { echo "$name alerts: $got"; exit 1; }
  got=$(J "$T/$name.json" "$periods")
  [ "$got" = "$want_p" ] || { echo "$name periods: $got"; exit 1; }
}
pair jan-dec "[('processor-time', 'critical', '2026-01-05T09:32', 8), ('processor-time', 'critical', '2026-01-05T09:36', 9), ('processor-time', 'critical', '2026-12-01T15:12', 48), ('processor-time', 'critical', '2026-12-01T15:16', 49)]" \
  "[('2026-01-05T09:00', '2026-01-05T10:59', 240, 0, 30), ('2026-12-01T14:00', '2026-12-01T15:59', 240, 30, 30)]" \
  "$T/dec.csv" "$T/jan.csv"
pair jan-mar "[('processor-time', 'critical', '2026-01-05T09:32', 8), ('processor-time', 'critical', '2026-01-05T09:36', 9), ('processor-time', 'critical', '2026-03-02T12:00', 42), ('processor-time', 'critical', '2026-03-02T15:00', 43)]" \
  "[('2026-01-05T09:00', '2026-01-05T10:59', 240, 0, 30), ('2026-03-01T00:00', '2026-03-03T23:55', 10800, 30, 24)]" \
  "$T/jan.csv" "$T/mar.csv"

# the text names the periods; check on plain logs judges the same way
"$PS" analyze -q "$T/jan.csv" "$T/dec.csv" > "$T/a.txt" || true
grep -q '^2 periods sliced apart .*: 2026-01-05 09:00:00 to 2026-01-05 10:59:45 in 30 slices of 240 s; 2026-12-01 14:00:00 to 2026-12-01 15:59:45 in 30 slices of 240 s$' "$T/a.txt" \
  || { echo "text: no periods line"; cat "$T/a.txt"; exit 1; }
rc=0; "$PS" check -q "$T/jan.csv" "$T/dec.csv" > "$T/c.txt" || rc=$?
[ "$rc" = 1 ] || { echo "check: exit $rc"; cat "$T/c.txt"; exit 1; }
[ "$(grep -c 'critical .*processor-time' "$T/c.txt")" = 4 ] || { echo "check: alerts"; cat "$T/c.txt"; exit 1; }
# one log alone: one period, as before
"$PS" analyze -q --format json "$T/mar.csv" > "$T/m.json" || true
[ "$(J "$T/m.json" '(len(j["periods"]), j["slice_seconds"], j["nslices"] if "nslices" in j else len(j["rules"][0]["series"][0]["slices"]))')" = "(1, 10800, 24)" ] \
  || { echo "mar alone: $(J "$T/m.json" 'j["periods"]')"; exit 1; }
echo ok
