#!/usr/bin/env bash
# What analyze did not analyse, said in text, JSON and the documents (issue 30), and the Russian
# counter names (model/analyze/names/an_names_ru.c), on hand-made logs:
#  - a Russian log written in cp1251 (as PerfMon writes CSV on a Russian system): the system
#    pack judges it under the English names: \Процессор(_Total)\% загруженности процессора at
#    95 % is processor-time critical (> 90) in each of the 3 one-minute slices, \Память\Доступно
#    МБ 50 is memory-available critical (< 100), 5 columns translated;
#  - a Greek log (cp1253; no Greek in the name tables): nothing evaluated, and a "not analysed"
#    note names the file, the code page, an example column and the counters the rules need;
#  - a log whose only interrupt-time column is _Total: processor-interrupt (every processor but
#    _Total) is not analysed because of that exclusion, and says so;
#  - -b after the log's end: a warning naming the -b value, in the text and the JSON output.
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
def log(name, enc, cols, rows):
    with open(f"{d}/{name}", "wb") as f:
        head = '"(PDH-CSV 4.0) (Coordinated Universal Time)(0)",' + ",".join('"\\\\H%s"' % c for c in cols)
        f.write((head + "\r\n").encode(enc))
        for m, vals in enumerate(rows):
            f.write(('"03/02/2026 10:%02d:00.000",' % m + ",".join('"%r"' % float(v) for v in vals) + "\r\n").encode(enc))
ru = ["\\Процессор(_Total)\\% загруженности процессора", "\\Процессор(0)\\% загруженности процессора",
      "\\Память\\Доступно МБ", "\\Система\\Длина очереди процессора", "\\Логический диск(C:)\\% свободного места"]
log("ru.csv", "cp1251", ru, [[95, 95, 50, 0, 60]] * 3)
log("el.csv", "cp1253", ["\\Επεξεργαστής(_Total)\\% χρόνου επεξεργαστή"], [[95]] * 3)
log("total.csv", "ascii", ["\\Processor(_Total)\\% Interrupt Time"], [[1]] * 3)
PY
J() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

rc=0; "$PS" analyze -q --format json --interval 60 "$T/ru.csv" > "$T/ru.json" || rc=$?
[ "$rc" = 1 ] || { echo "ru: exit $rc"; exit 1; }
got=$(J "$T/ru.json" 'sorted(set((a["rule"], a["instance"], a["severity"]) for a in j["alerts"])), len(j["alerts"]), j["localized_columns"]')
[ "$got" = "([('memory-available', None, 'critical'), ('processor-time', '_Total', 'critical')], 6, 5)" ] \
  || { echo "ru: $got"; exit 1; }
[ "$(J "$T/ru.json" 'sorted(r["id"] for r in j["rules"] if r["evaluated"])')" \
  = "['disk-free-space', 'memory-available', 'processor-queue', 'processor-time', 'processor-time-each']" ] \
  || { echo "ru: evaluated"; J "$T/ru.json" 'sorted(r["id"] for r in j["rules"] if r["evaluated"])'; exit 1; }

rc=0; "$PS" analyze -q --format json "$T/el.csv" > "$T/el.json" || rc=$?
[ "$(J "$T/el.json" 'j["verdict"], len(j["not_analysed"])')" = "('no evidence', 1)" ] || { echo "el: verdict"; exit 1; }
why=$(J "$T/el.json" 'j["not_analysed"][0]["why"]')
case "$why" in
  "1 column named in a language perfscribe does not translate (code page cp1253; e.g. \\\\H\\Επεξεργαστής(_Total)\\% χρόνου επεξεργαστή); the rules not evaluated need \\Processor(*)\\% Processor Time, "*) ;;
  *) echo "el: $why"; exit 1 ;;
esac
"$PS" analyze "$T/el.csv" > "$T/el.txt" 2>&1 || true
grep -q "^not analysed: $T/el.csv: 1 column named in a language perfscribe does not translate (code page cp1253" "$T/el.txt" \
  || { echo "el: text"; cat "$T/el.txt"; exit 1; }
"$PS" analyze -q "$T/el.csv" -o "$T/el.html" || true
grep -q "1 column named in a language perfscribe does not translate (code page cp1253" "$T/el.html" \
  || { echo "el: html"; exit 1; }

rc=0; "$PS" analyze -q --format json "$T/total.csv" > "$T/total.json" || rc=$?
[ "$(J "$T/total.json" '[(n["what"], n["why"].startswith(r"only the _Total instance matches \Processor(*)\% Interrupt Time, and the rule leaves _Total out")) for n in j["not_analysed"]]')" \
  = "[('processor-interrupt', True)]" ] \
  || { echo "total"; J "$T/total.json" 'j["not_analysed"]'; exit 1; }

rc=0; "$PS" analyze -q --format json -b "3/2/2026 11:00:00" "$T/ru.csv" > "$T/b.json" 2> "$T/b.err" || rc=$?
[ "$(J "$T/b.json" '[w for w in j["warnings"] if w.startswith("-b 3/2/2026 11:00:00 selects no sample")] != []')" = True ] \
  || { echo "-b: json"; J "$T/b.json" 'j["warnings"]'; exit 1; }
rc=0; "$PS" analyze -b "3/2/2026 11:00:00" "$T/ru.csv" > "$T/b.txt" 2>/dev/null || rc=$?
grep -q "^warning: -b 3/2/2026 11:00:00 selects no sample: the logs cover 2026-03-02 10:00:00 to 2026-03-02 10:02:00" "$T/b.txt" \
  || { echo "-b: text"; cat "$T/b.txt"; exit 1; }
# summary and convert say it too, naming what was asked
"$PS" summary -b "3/2/2026 11:00:00" "$T/total.csv" 2> "$T/s.err" > /dev/null
grep -q "warning: -b 3/2/2026 11:00:00 selects no sample" "$T/s.err" || { echo "summary -b"; cat "$T/s.err"; exit 1; }
"$PS" summary -c '\Nope(*)\X' "$T/total.csv" 2> "$T/s.err" > /dev/null
grep -q "no counter matches -c \\\\Nope(\*)\\\\X" "$T/s.err" || { echo "summary -c"; cat "$T/s.err"; exit 1; }
"$PS" convert -q -e "3/1/2026 00:00:00" "$T/total.csv" -o "$T/c.csv" 2> "$T/c.err"
grep -q "warning: -e 3/1/2026 00:00:00 selects no sample" "$T/c.err" || { echo "convert -e"; cat "$T/c.err"; exit 1; }
"$PS" convert -q -c '\Nope\X' "$T/total.csv" -o "$T/c.csv" 2> "$T/c.err" || true   # exit 1: nothing to convert
grep -q "no counter matches -c \\\\Nope\\\\X" "$T/c.err" || { echo "convert -c"; cat "$T/c.err"; exit 1; }
echo ok
