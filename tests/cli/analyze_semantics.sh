#!/usr/bin/env bash
# PAL's threshold semantics on hand-made logs (docs/readme/analyze.md "Statistics"); every
# expected value below is worked out by hand in the comments.
#  1. a short burst: 45 s at 98 % inside a slice averaging 36 % alerts critical on its max with
#     'statistic = any' (PAL's StaticThreshold) and does not with 'statistic = avg';
#  2. a flat high counter (2 GB, 4 h) gives trend 0 per hour: no trend alert;
#  3. a leak of 50 MB/h over 4 h: PAL's hourly trend is 50 MB/h exactly (warning 10 MB/h);
#  4. a 20-minute log: perfscribe's own trend rule does not alert, and says why (text, JSON);
#  5. auto slices are never finer than the sampling interval (60 s samples over 10 min: 60 s);
#  6. --interval 1 on a 4-hour log is widened, and the output says so (text and JSON).
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
def log(name, seconds, step, cols, fn):
    with open(f"{d}/{name}", "w") as f:
        f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)",' + ",".join('"\\\\HOST%s"' % c for c in cols) + "\n")
        for i, t in enumerate(range(0, seconds + 1, step)):
            h, m, s = 10 + t // 3600, t // 60 % 60, t % 60
            f.write('"03/02/2026 %02d:%02d:%02d.000",' % (h, m, s) + ",".join('"%r"' % v for v in fn(i, t)) + "\n")
# 4 h of 15 s samples; CPU 30 %, except 3 samples (45 s) at 98 % from 12:00:00
burst = lambda t: 98.0 if 7200 <= t < 7245 else 30.0
log("burst.csv", 4 * 3600, 15, ["\\Processor(0)\\% Processor Time"], lambda i, t: [burst(t)])
# flat 2 GB and a leak of 50 MB per hour (values every 60 s), 4 h: 24 full slices of 600 s
MB = 1048576.0
log("mem.csv", 4 * 3600 - 60, 60, ["\\Process(flat)\\Private Bytes", "\\Process(leak)\\Private Bytes"],
    lambda i, t: [2048 * MB, 500 * MB + 50 * MB * t / 3600.0])
log("short.csv", 20 * 60, 60, ["\\Process(leak)\\Private Bytes"], lambda i, t: [500 * MB + 500 * MB * t / 3600.0])
log("ten.csv", 600, 60, ["\\Processor(0)\\% Processor Time"], lambda i, t: [50.0])
PY
cat > "$T/cpu-any.rules" <<'EOF'
[rule cpu]
counter = \Processor(*)\% Processor Time
statistic = any
warning = 80
critical = 90
EOF
sed 's/statistic = any/statistic = avg/' "$T/cpu-any.rules" > "$T/cpu-avg.rules"
cat > "$T/leak.rules" <<'EOF'
[rule leak]
counter = \Process(*)\Private Bytes
statistic = trend
warning = 10485760
critical = 104857600
EOF
J() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# 1. burst: 4 h in auto mode -> fine slices of 120 s (121 of them), 5 per slice -> 600 s slices;
#    the burst slice [12:00, 12:10) holds 40 samples, 3 at 98 and 37 at 30: avg 35.1, max 98
#    -> critical on its max only.
rc=0; "$PS" analyze -q --rules "$T/cpu-any.rules" --format json "$T/burst.csv" > "$T/any.json" || rc=$?
[ "$rc" = 1 ] || { echo "burst/any: exit $rc, want 1"; exit 1; }
[ "$(J "$T/any.json" 'len(j["alerts"])')" = 1 ] || { echo "burst/any: want one alert"; cat "$T/any.json"; exit 1; }
[ "$(J "$T/any.json" 'j["alerts"][0]["severity"], j["alerts"][0]["statistic"], j["alerts"][0]["value"], j["alerts"][0]["broke"]')" \
  = "('critical', 'max', 98, ['max'])" ] || { echo "burst/any: wrong alert"; J "$T/any.json" 'j["alerts"]'; exit 1; }
[ "$(J "$T/any.json" '[s["avg"] for s in j["rules"][0]["series"][0]["slices"] if s["max"] == 98], j["slice_seconds"]')" = "([35.1], 600)" ] \
  || { echo "burst/any: burst slice avg"; exit 1; }
"$PS" analyze -q --rules "$T/cpu-any.rules" "$T/burst.csv" > "$T/any.txt" || true
grep -q "critical .*cpu .* max 98.0 > 90.0  (broke: max; min 30.0 avg 35.1 max 98.0)" "$T/any.txt" \
  || { echo "burst/any: text"; cat "$T/any.txt"; exit 1; }
"$PS" analyze -q --rules "$T/cpu-avg.rules" --format json "$T/burst.csv" > "$T/avg.json"
[ "$(J "$T/avg.json" 'len(j["alerts"])')" = 0 ] || { echo "burst/avg: the average hides the burst"; exit 1; }

# 2, 3. flat: every slice average equal -> trend 0; leak: slice averages grow by 50 MB/h x width,
#    PAL's trend = that per slice, per hour = 52428800 exactly (values are exact in binary up to
#    rounding of the sums, so compare to 1e-6 relative).
rc=0; "$PS" analyze -q --rules "$T/leak.rules" --format json "$T/mem.csv" > "$T/mem.json" || rc=$?
[ "$rc" = 0 ] || { echo "leak: exit $rc (only warnings expected)"; exit 1; }
J "$T/mem.json" '[(s["instance"], s["trend_per_hour"]) for s in j["rules"][0]["series"]]' > "$T/trends"
python3 - "$T/mem.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
s = {x["instance"]: x for x in j["rules"][0]["series"]}
assert s["flat"]["trend_per_hour"] == 0, s["flat"]["trend_per_hour"]
assert abs(s["leak"]["trend_per_hour"] - 52428800) < 52428800e-6, s["leak"]["trend_per_hour"]
assert s["flat"]["worst"] == "ok" and s["leak"]["worst"] == "warning"
assert all(a["instance"] == "leak" and a["statistic"] == "trend" for a in j["alerts"]), j["alerts"]
assert j["short_trend_rules"] == 0
PY

# 4. a 20-minute leak of 500 MB/h: PAL would alert (with its "may not be accurate" caveat); our own
#    trend rule does not, and the outputs say so.
rc=0; "$PS" analyze -q --rules "$T/leak.rules" --format json "$T/short.csv" > "$T/short.json" || rc=$?
[ "$rc" = 0 ] && [ "$(J "$T/short.json" 'len(j["alerts"]), j["short_trend_rules"]')" = "(0, 1)" ] \
  || { echo "short: exit $rc"; cat "$T/short.json"; exit 1; }
"$PS" analyze -q --rules "$T/leak.rules" "$T/short.csv" | grep -q "less than one hour of data" \
  || { echo "short: no note in the text"; exit 1; }

# 5. 60 s samples over 10 min: PAL's 30 slices would be 20 s wide (two of three empty); ours 60 s.
rc=0; "$PS" analyze -q --rules "$T/cpu-any.rules" --format json "$T/ten.csv" > "$T/ten.json" || rc=$?
[ "$(J "$T/ten.json" 'j["slice_seconds"], j["sample_seconds"]')" = "(60, 60)" ] \
  || { echo "slices finer than the samples"; J "$T/ten.json" 'j["slice_seconds"]'; exit 1; }

# 6. --interval 1 over 4 h needs 14,401 slices of 1 s... the cap is 100,000 slices, so use a 2-day log
python3 - "$T" <<'PY'
import sys
with open(sys.argv[1] + "/long.csv", "w") as f:
    f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)","\\\\HOST\\Processor(0)\\% Processor Time"\n')
    for day, hour in ((2, 0), (4, 0)):
        f.write('"03/%02d/2026 %02d:00:00.000","10"\n' % (day, hour))
PY
rc=0; "$PS" analyze -q --rules "$T/cpu-any.rules" --interval 1 --format json "$T/long.csv" > "$T/long.json" || rc=$?
[ "$(J "$T/long.json" 'j["interval_asked_seconds"], j["slice_seconds"] > 1')" = "(1, True)" ] \
  || { echo "--interval 1 widened silently"; J "$T/long.json" 'j["interval_asked_seconds"]'; exit 1; }
"$PS" analyze -q --rules "$T/cpu-any.rules" --interval 1 "$T/long.csv" | grep -q "note: --interval 1 s widened to" \
  || { echo "--interval 1: no note in the text"; exit 1; }
echo ok
