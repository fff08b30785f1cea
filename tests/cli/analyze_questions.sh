#!/usr/bin/env bash
# PAL's questions (issue 30): limits PAL's threshold CODE computes from the answers, evaluated
# per machine on hand-made logs with tests/data/analyze/pal-questions.xml. Hand arithmetic:
#  - HOSTA shows \NUMA Node Memory(_Total)\Total MBytes = 8192: $PhysicalMemory = 8 (GB) from
#    the log; warning 8 x 1024 x 0.10 = 819.2 MB, critical 8 x 1024 x 0.05 = 409.6 MB. Available
#    MBytes 1000, 700, 300 in three minutes: ok, warning, critical;
#  - --set PhysicalMemory=4 replaces it: warning 409.6, critical 204.8: 300 is a warning;
#  - HOSTB has no NUMA Node Memory and the question no DEFAULTVALUE: not judged, listed with
#    the question (text and JSON);
#  - 4 Processor instances + _Total: $Collection.Count = 5, queue limit (5 - 1) x 2 = 8: 9 alerts;
#  - a CODE with a For loop stays a statistics-only section naming the construct.
set -euo pipefail
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
X=$SRC/tests/data/analyze/pal-questions.xml
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
def log(name, host, cols, rows):
    with open(f"{d}/{name}", "w") as f:
        f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)",' + ",".join('"\\\\%s%s"' % (host, c) for c in cols) + "\n")
        for m, vals in enumerate(rows):
            f.write('"03/02/2026 10:%02d:00.000",' % m + ",".join('"%r"' % float(v) for v in vals) + "\n")
cpus = ["\\Processor(%d)\\%% Processor Time" % i for i in range(4)] + ["\\Processor(_Total)\\% Processor Time"]
log("a.csv", "HOSTA", ["\\Memory\\Available MBytes", "\\NUMA Node Memory(_Total)\\Total MBytes",
                       "\\System\\Processor Queue Length"] + cpus,
    [[1000, 8192, 9] + [10] * 5, [700, 8192, 1] + [10] * 5, [300, 8192, 1] + [10] * 5])
log("b.csv", "HOSTB", ["\\Memory\\Available MBytes"], [[1000], [700], [300]])
PY
J() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
sev() { J "$1" '[(a["rule"], a["start"][11:16], a["severity"], round(a["limit"], 1)) for a in sorted(j["alerts"], key=lambda a: (a["rule"], a["start"]))]'; }

rc=0; "$PS" analyze -q --format json --interval 60 --rules "$X" "$T/a.csv" > "$T/a.json" || rc=$?
[ "$rc" = 1 ] || { echo "a: exit $rc"; exit 1; }
want="[('Memory Available MBytes', '10:01', 'warning', 819.2), ('Memory Available MBytes', '10:02', 'critical', 409.6), ('System Processor Queue Length', '10:00', 'warning', 8)]"
[ "$(sev "$T/a.json")" = "$want" ] || { echo "a: $(sev "$T/a.json")"; exit 1; }
[ "$(J "$T/a.json" '[(x["name"], x["value"], x["from"][:4]) for x in j["answers"] if x["name"] == "PhysicalMemory"]')" \
  = "[('PhysicalMemory', '8', 'log:')]" ] || { echo "a: answers"; J "$T/a.json" 'j["answers"]'; exit 1; }
[ "$(J "$T/a.json" 'j["machines"][0]["memory_mb"]')" = 8192 ] || { echo "a: memory_mb"; exit 1; }
[ "$(J "$T/a.json" 'j["pal_import"]["computed"]')" = 2 ] || { echo "a: computed"; exit 1; }
[ "$(J "$T/a.json" '[r["question"] for r in j["rules"] if r["id"] == "Context switches"][0]')" \
  = "its threshold code is PowerShell that perfscribe does not evaluate (the command For is not evaluated, line 3 of the CODE)" ] \
  || { echo "a: loop refusal"; J "$T/a.json" '[r.get("question") for r in j["rules"]]'; exit 1; }

rc=0; "$PS" analyze -q --format json --interval 60 --rules "$X" --set PhysicalMemory=4 "$T/a.csv" > "$T/a4.json" || rc=$?
want="[('Memory Available MBytes', '10:02', 'warning', 409.6), ('System Processor Queue Length', '10:00', 'warning', 8)]"
[ "$(sev "$T/a4.json")" = "$want" ] || { echo "a --set: $(sev "$T/a4.json")"; exit 1; }
[ "$(J "$T/a4.json" '[x["from"] for x in j["answers"] if x["name"] == "PhysicalMemory"]')" = "['--set']" ] || exit 1

rc=0; "$PS" analyze --interval 60 --rules "$X" "$T/b.csv" > "$T/b.txt" 2>&1 || rc=$?
grep -q "^not judged for want of an answer (--set NAME=VALUE):" "$T/b.txt" \
  && grep -q "  Memory Available MBytes on HOSTB: \$PhysicalMemory: How much physical memory (RAM) in GB?" "$T/b.txt" \
  || { echo "b: unanswered not listed"; cat "$T/b.txt"; exit 1; }
rc=0; "$PS" analyze -q --format json --interval 60 --rules "$X" "$T/b.csv" > "$T/b.json" || rc=$?
[ "$(J "$T/b.json" '[(u["rule"], u["machine"]) for u in j["unanswered"]]')" = "[('Memory Available MBytes', 'HOSTB')]" ] \
  || { echo "b: json unanswered"; exit 1; }
[ "$(J "$T/b.json" 'len(j["alerts"])')" = 0 ] || { echo "b: alerts without an answer"; exit 1; }

rc=0; "$PS" analyze -q --rules "$X" --set Nonsense=1 "$T/b.csv" 2> "$T/err" || rc=$?
[ "$rc" = 2 ] && grep -q "unknown --set 'Nonsense=1' (known: processors=N, alias NumberOfProcessors=N; the questions of these rules, PhysicalMemory)" "$T/err" \
  || { echo "--set unknown: rc $rc"; cat "$T/err"; exit 1; }
echo ok
