#!/usr/bin/env bash
# Usage and input errors of perfscribe report: exit codes 2/3/4, FILE:LINE:COL for the solution
# file, and no output file left behind.
set -uo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run="$PS_SOURCE_DIR/samples/jetstress/MBX01"
fail=0
expect() {   # expect RC STDERR-PATTERN -- command...
  local want=$1 pat=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ "$rc" != "$want" ] || ! grep -q -- "$pat" "$tmp/err"; then
    echo "FAIL ($rc, want $want, /$pat/): $*"; cat "$tmp/err"; fail=1
  fi
}
expect 2 "no output" -- "$PERFSCRIBE" report "$run"
expect 2 "must end in .html, .htm or .pdf" -- "$PERFSCRIBE" report "$run" -o "$tmp/r.docx"
expect 2 "expected 2, 3 or 4" -- "$PERFSCRIBE" report "$run" --esrp 5 -o "$tmp/r.pdf"
expect 2 "no Jetstress run" -- "$PERFSCRIBE" report -o "$tmp/r.pdf"
expect 2 "given twice" -- "$PERFSCRIBE" report "$run" -o "$tmp/r.pdf" -o "$tmp/r.pdf"
printf '[document]\nvendor = A\nthis is not an entry\n' >"$tmp/bad.ini"
expect 3 "bad.ini:3:" -- "$PERFSCRIBE" report "$run" --solution "$tmp/bad.ini" -o "$tmp/r.pdf"
expect 4 "missing.ini" -- "$PERFSCRIBE" report "$run" --solution "$tmp/missing.ini" -o "$tmp/r.pdf"
expect 4 "nosuchdir" -- "$PERFSCRIBE" report "$run" -o "$tmp/nosuchdir/r.pdf"
printf '<html>{{nosuch}}</html>\n' >"$tmp/report.html"
expect 3 "unknown placeholder" -- "$PERFSCRIBE" report "$run" --template-dir "$tmp" -o "$tmp/t.html" -o "$tmp/t.pdf"
# nothing half-written: neither output exists after the template error
[ ! -e "$tmp/t.html" ] && [ ! -e "$tmp/t.pdf" ] || { echo "FAIL: output left behind"; fail=1; }
[ ! -e "$tmp/r.pdf" ] || { echo "FAIL: r.pdf written"; fail=1; }
# an output may not overwrite an input
cp "$PS_SOURCE_DIR/samples/jetstress/MBX01/Performance_2026_3_14_10_11_2.html" "$tmp/in.html"
expect 2 "" -- "$PERFSCRIBE" report "$tmp/in.html" -o "$tmp/in.html"
cmp -s "$tmp/in.html" "$PS_SOURCE_DIR/samples/jetstress/MBX01/Performance_2026_3_14_10_11_2.html" || { echo "FAIL: input overwritten"; fail=1; }
# --help works and exits 0
"$PERFSCRIBE" report --help >"$tmp/help.txt" && grep -q -- '--solution FILE' "$tmp/help.txt" || { echo "FAIL: --help"; fail=1; }
exit $fail
