#!/usr/bin/env bash
# analyze's text output goes through the CLI's one escaping of text outputs (ps_cli_write_fmt),
# on standard output and in -o FILE.txt. A counter path never holds a C0 control (the path parser
# refuses ESC with exit 3, checked here too), but names from a log may hold the 8-bit CSI
# (U+009B, what ESC [ is in one byte pair: "Processor(0<CSI>31m)") and a right-to-left override
# (U+202E), and a rule file's unit may hold ESC itself: they print as \xc2\x9b31m,
# \xe2\x80\xae and \x1b[31m. The JSON output keeps the names, in JSON's own escaping.
set -euo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 - "$T" <<'PY'
import sys
d = sys.argv[1]
def log(name, cols):
    with open(f"{d}/{name}", "w", encoding="utf-8", newline="") as f:
        f.write('"(PDH-CSV 4.0) (Coordinated Universal Time)(0)",' + ",".join('"%s"' % c for c in cols) + "\r\n")
        for m in range(3):
            f.write('"03/02/2026 10:%02d:00.000",' % m + ",".join('"95"' for c in cols) + "\r\n")
log("esc.csv", ["\\\\H\\Processor(0\u009b31m)\\% Processor Time", "\\\\H\\Processor(1\u202e)\\% Processor Time"])
log("c0.csv", ["\\\\H\\Processor(0\x1b[31m)\\% Processor Time"])
with open(f"{d}/r.rules", "w") as f:
    f.write("[pack]\ntitle = t\n\n[rule r1]\ncounter = \\Processor(*)\\% Processor Time\n"
            "unit = %\x1b[31m\nwarning = 10\ncritical = 90\n")
PY
rc=0; "$PS" analyze -q --interval 60 --rules "$T/r.rules" "$T/esc.csv" > "$T/out.txt" || rc=$?
[ "$rc" = 1 ] || { echo "exit $rc (want 1: r1 critical, 95 > 90)"; exit 1; }
rc=0; "$PS" analyze -q --interval 60 --rules "$T/r.rules" "$T/esc.csv" -o "$T/file.txt" > /dev/null || rc=$?
[ "$rc" = 1 ] || { echo "-o: exit $rc"; exit 1; }
for f in "$T/out.txt" "$T/file.txt"; do
  if LC_ALL=C grep -q $'\x1b' "$f"; then echo "$f: a raw ESC byte"; exit 1; fi
  if LC_ALL=C grep -q $'\xc2\x9b' "$f"; then echo "$f: a raw U+009B"; exit 1; fi
  if LC_ALL=C grep -q $'\xe2\x80\xae' "$f"; then echo "$f: a raw U+202E"; exit 1; fi
  grep -qF '  r1  H 0\xc2\x9b31m  avg 95.0 > 90.0%\x1b[31m' "$f" || { echo "$f: CSI alert line"; cat "$f"; exit 1; }
  grep -qF '  r1  H 1\xe2\x80\xae  avg 95.0 > 90.0%\x1b[31m' "$f" || { echo "$f: RLO alert line"; exit 1; }
done
"$PS" analyze -q --interval 60 --rules "$T/r.rules" --format json "$T/esc.csv" > "$T/out.json" || true
python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
assert {'0\u009b31m', '1\u202e'} == {a['instance'] for a in j['alerts']}, j['alerts']
assert j['rules'][0]['unit'] == '%\x1b[31m'" "$T/out.json"
rc=0; "$PS" analyze -q --interval 60 "$T/c0.csv" 2> "$T/err" > /dev/null || rc=$?
[ "$rc" = 3 ] && grep -q 'control character 0x1B in counter path' "$T/err" || { echo "c0: exit $rc"; cat "$T/err"; exit 1; }
echo ok
