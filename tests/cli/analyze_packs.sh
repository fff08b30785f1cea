#!/usr/bin/env bash
# The reviewed built-in 'system' pack on hand-made logs (values worked out by hand):
#  - one processor at 82 %: one verdict (processor-time critical > 80 on _Total), not also a
#    per-processor one (processor-time-each needs two processors and stays silent when the
#    total alerts);
#  - Pages/sec 3000 with 15 GB available: no alert (paging needs memory pressure); the same
#    paging with 50 MB available: a warning (and the memory-available critical);
#  - Processor Queue Length 6 on 4 processors (Processor instances 0..3): below 2 per processor
#    (limit 8): no alert; 9: a warning (> 8), not critical (< 40); the count is shown;
#  - a handle trend over 20 minutes is not judged.
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
def log(name, cols, rows):
    with open(f"{d}/{name}", "w") as f:
        f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)",' + ",".join('"\\\\H%s"' % c for c in cols) + "\n")
        for m, vals in enumerate(rows):
            f.write('"03/02/2026 10:%02d:00.000",' % m + ",".join('"%r"' % float(v) for v in vals) + "\n")
log("cpu1.csv", ["\\Processor(0)\\% Processor Time", "\\Processor(_Total)\\% Processor Time"], [[82, 82]] * 10)
log("paging.csv", ["\\Memory\\Pages/sec", "\\Memory\\Available MBytes"], [[3000, 15000]] * 10)
log("pressure.csv", ["\\Memory\\Pages/sec", "\\Memory\\Available MBytes"], [[3000, 50]] * 10)
cpus = ["\\Processor(%d)\\%% Processor Time" % i for i in range(4)] + ["\\Processor(_Total)\\% Processor Time"]
log("queue6.csv", cpus + ["\\System\\Processor Queue Length"], [[10] * 5 + [6]] * 10)
log("queue9.csv", cpus + ["\\System\\Processor Queue Length"], [[10] * 5 + [9]] * 10)
log("handles.csv", ["\\Process(_Total)\\Handle Count"], [[10000 + 5000 * m] for m in range(20)])
PY
J() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
run() { local rc=0; "$PS" analyze -q --format json "$1" > "$T/out.json" || rc=$?; echo "$rc" > "$T/rc"; }
alerts() { J "$T/out.json" 'sorted(set((a["rule"], a["instance"], a["severity"]) for a in j["alerts"]))'; }

run "$T/cpu1.csv"
# 10 minutes of 60 s samples: 10 slices of 60 s, each one critical alert and nothing else
[ "$(alerts)" = "[('processor-time', '_Total', 'critical')]" ] || { echo "cpu1: $(alerts)"; exit 1; }
[ "$(J "$T/out.json" 'len(j["alerts"])')" = 10 ] || { echo "cpu1: more than one verdict per slice"; exit 1; }

run "$T/paging.csv"
[ "$(alerts)" = "[]" ] || { echo "paging without pressure: $(alerts)"; exit 1; }
J "$T/out.json" '[s["gated_slices"] for r in j["rules"] if r["id"] == "memory-pages" for s in r["series"]]' > "$T/g"
[ "$(cat "$T/g")" = "[10]" ] || { echo "paging: gated slices $(cat "$T/g")"; exit 1; }
run "$T/pressure.csv"
[ "$(alerts)" = "[('memory-available', None, 'critical'), ('memory-pages', None, 'warning')]" ] \
  || { echo "paging with pressure: $(alerts)"; exit 1; }

run "$T/queue6.csv"
[ "$(J "$T/out.json" 'j["machines"][0]["processors"], [a for a in j["alerts"] if a["rule"] == "processor-queue"]')" = "(4, [])" ] \
  || { echo "queue 6 on 4 processors"; J "$T/out.json" 'j["alerts"]'; exit 1; }
run "$T/queue9.csv"
[ "$(J "$T/out.json" 'sorted(set((a["severity"], a["limit"]) for a in j["alerts"] if a["rule"] == "processor-queue"))')" = "[('warning', 8)]" ] \
  || { echo "queue 9 on 4 processors"; J "$T/out.json" 'j["alerts"]'; exit 1; }
"$PS" analyze -q "$T/queue9.csv" | grep -q "machine H: 4 processors (Processor instances in the log)" \
  || { echo "processor count not shown"; exit 1; }

# --set processors=1 replaces the count of the log: queue 6 > 2 x 1 -> warning, limit 2
rc=0; "$PS" analyze -q --format json --set processors=1 "$T/queue6.csv" > "$T/out.json" || rc=$?
[ "$(J "$T/out.json" 'j["machines"][0]["processors_from"], sorted(set((a["severity"], a["limit"]) for a in j["alerts"] if a["rule"] == "processor-queue"))')" \
  = "('--set', [('warning', 2)])" ] || { echo "--set processors=1"; J "$T/out.json" 'j["machines"]'; exit 1; }
rc=0; "$PS" analyze -q --set TotalMemory=16 "$T/queue6.csv" 2> "$T/err" || rc=$?
[ "$rc" = 2 ] && grep -q "unknown --set 'TotalMemory=16'" "$T/err" || { echo "--set unknown: rc $rc"; cat "$T/err"; exit 1; }

run "$T/handles.csv"
[ "$(alerts)" = "[]" ] && [ "$(J "$T/out.json" 'j["short_trend_rules"]')" = 1 ] || { echo "handles: $(alerts)"; exit 1; }
echo ok
