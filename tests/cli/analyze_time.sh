#!/usr/bin/env bash
# analyze shows the logs' own clock (issue 30, item "Time"), all values worked out by hand:
#  - a log with its zone (PDH-CSV header "(Eastern Daylight Time)(240)": UTC = local + 240 min)
#    prints its local time and says UTC-04:00; JSON times carry the offset -04:00;
#  - a log without zone information (header without the bias) is never printed with Z;
#  - two logs of different zones merged: UTC with Z, and -b without offset is read as UTC;
#  - -b/-e read as the output prints times (the local time of the log);
#  - a -b/-e that selects nothing is a warning naming what was asked and what the logs cover;
#  - the outputs name every log file with its time range.
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
def log(name, head, host, hour):
    with open(f"{d}/{name}", "w") as f:
        f.write('"%s","\\\\%s\\Processor(0)\\%% Processor Time"\n' % (head, host))
        for m in range(0, 10):
            f.write('"03/02/2026 %02d:%02d:00.000","%d"\n' % (hour, m, 95 if m == 5 else 10))
log("edt.csv", "(PDH-CSV 4.0) (Eastern Daylight Time)(240)", "EAST", 15)
log("nozone.csv", "(PDH-CSV 4.0)", "NOZONE", 15)
log("cet.csv", "(PDH-CSV 4.0) (W. Europe Standard Time)(-60)", "WEST", 20)
PY
cat > "$T/cpu.rules" <<'EOF'
[rule cpu]
counter = \Processor(*)\% Processor Time
statistic = any
warning = 80
critical = 90
EOF
A() { "$PS" analyze -q --rules "$T/cpu.rules" --interval 60 "$@"; }

# the zone of the log: 15:05 local is the alert; UTC-04:00 stated; no Z anywhere
A "$T/edt.csv" > "$T/edt.txt" || true
grep -q "^times: local time of the log, UTC-04:00 (Eastern Daylight Time)$" "$T/edt.txt" || { cat "$T/edt.txt"; exit 1; }
grep -q "critical 2026-03-02 15:05:00  cpu" "$T/edt.txt" || { echo "edt: alert time"; cat "$T/edt.txt"; exit 1; }
grep -q "^log $T/edt.csv: 2026-03-02 15:00:00 to 2026-03-02 15:09:00, 10 rows analysed$" "$T/edt.txt" \
  || { echo "edt: file range"; cat "$T/edt.txt"; exit 1; }
! grep -q "Z " "$T/edt.txt" || { echo "edt: Z printed"; exit 1; }
A --format json "$T/edt.csv" > "$T/edt.json" || true
python3 - "$T/edt.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["alerts"][0]["start"] == "2026-03-02T15:05:00.000-04:00", j["alerts"][0]["start"]
assert j["time_zone"]["utc_offset_minutes"] == -240 and not j["time_zone"]["mixed"], j["time_zone"]
assert j["file_ranges"][0]["first"] == "2026-03-02T15:00:00.000-04:00", j["file_ranges"]
PY

# -b/-e are read like the output: local time of the log (15:04 to 15:06 -> 3 rows)
A --format json -b "3/2/2026 15:04:00" -e "3/2/2026 15:06:00" "$T/edt.csv" > "$T/win.json" || true
[ "$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['rows'])" "$T/win.json")" = 3 ] \
  || { echo "-b/-e not read as the log's local time"; exit 1; }

# no zone in the log: times as written, never Z; the JSON has no offset either
A "$T/nozone.csv" > "$T/nz.txt" || true
grep -q "^times: as written in the log (the log does not record its time zone)$" "$T/nz.txt" || { cat "$T/nz.txt"; exit 1; }
! grep -Eq "[0-9]{2}:[0-9]{2}(:[0-9]{2})?(\.[0-9]+)?Z" "$T/nz.txt" || { echo "nozone: Z printed"; cat "$T/nz.txt"; exit 1; }
A --format json "$T/nozone.csv" > "$T/nz.json" || true
grep -q '"start":"2026-03-02T15:05:00.000"' "$T/nz.json" || { echo "nozone: JSON time"; exit 1; }

# two zones merged: UTC with Z (EAST 15:05 EDT = 19:05Z; WEST 20:05 CET = 19:05Z)
A "$T/edt.csv" "$T/cet.csv" > "$T/mix.txt" 2> "$T/mix.err" || true
grep -q "^times: UTC (logs of several time zones merged)$" "$T/mix.txt" || { cat "$T/mix.txt"; exit 1; }
[ "$(grep -c "critical 2026-03-02 19:05:00Z  cpu" "$T/mix.txt")" = 2 ] || { echo "mixed: alerts"; cat "$T/mix.txt"; exit 1; }
# and -b without an offset is then read as UTC: 19:05 to 19:05 -> one row of each log
A --format json -b "3/2/2026 19:05:00" -e "3/2/2026 19:05:00" "$T/edt.csv" "$T/cet.csv" > "$T/mixw.json" 2> "$T/mixw.err" || true
[ "$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['rows'])" "$T/mixw.json")" = 2 ] \
  || { echo "mixed: -b/-e not read as UTC"; cat "$T/mixw.err"; exit 1; }
grep -q "different time zones: times are shown in UTC" "$T/mixw.err" || { cat "$T/mixw.err"; exit 1; }

# a selection that matches nothing names what was asked and what the logs cover
rc=0; A -b "3/2/2026 18:00:00" "$T/edt.csv" > /dev/null 2> "$T/none.err" || rc=$?
grep -q "warning: -b 3/2/2026 18:00:00 selects no sample: the logs cover 2026-03-02 15:00:00 to 2026-03-02 15:09:00" \
  "$T/none.err" || { echo "empty selection: rc $rc"; cat "$T/none.err"; exit 1; }
echo ok
