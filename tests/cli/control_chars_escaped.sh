#!/bin/bash
# Findings F9/F25 (tests/fuzz/FINDINGS.md): control characters in trend labels and .blg counter
# names never reach text outputs: '?' in counter names (read so), \xNN in trend's text table
# (ps_term_escape, the rule of every text output, issue 31 item 17).
set -u
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ctl() {   # ctl FILE: 0 when FILE holds a C0 control byte other than CR or LF, or DEL
    LC_ALL=C grep -q $'[\x01-\x09\x0b\x0c\x0e-\x1f\x7f]' "$1"
}
check() {   # check NAME FILE EXPECTED-SUBSTRING
    if ctl "$2"; then echo "FAIL: $1: control byte in the output"; fail=1
    elif ! grep -qF -- "$3" "$2"; then echo "FAIL: $1: '$3' not in the output"; fail=1
    else echo "ok: $1"; fi
}
printf 'label, Total IOPS [IOPS]\n"A\033[31m", 4\nB\x07, 5\n' >"$tmp/t.csv"
$PS trend --table "$tmp/t.csv" >"$tmp/out.txt" 2>"$tmp/err" || { echo "FAIL: trend exit $?"; fail=1; }
check "trend --table text" "$tmp/out.txt" 'A\x1b[31m (baseline)  B\x07'   # as every text output (ps_term_escape)
grep -q "Total IOPS  *100% \[4 IOPS\]  *125% \[5 IOPS\]" "$tmp/out.txt" || { echo "FAIL: trend figures changed"; cat "$tmp/out.txt"; fail=1; }
blg="$SRC/tests/bad-inputs/blg-ctl-path.blg"
if [ -f "$blg" ]; then
    $PS summary "$blg" >"$tmp/s.txt" 2>"$tmp/err"; rc=$?
    [ "$rc" = 0 ] || { echo "FAIL: summary exit $rc"; fail=1; }
    check "summary .blg" "$tmp/s.txt" '\\HOST\odd\?hing'
    $PS convert "$blg" -q -o "$tmp/c.csv" 2>"$tmp/err"; rc=$?
    [ "$rc" = 0 ] || { echo "FAIL: convert exit $rc"; fail=1; }
    check "convert .blg header" "$tmp/c.csv" '"\\HOST\odd\?hing"'
else
    echo "skip: $blg absent"
fi
exit $fail
