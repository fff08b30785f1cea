#!/bin/bash
# Finding F22 (tests/fuzz/FINDINGS.md): the PDH writer's long double fast path printed "0.1"
# instead of relog's "0.10000000000000001" where long double is computed as double (valgrind).
# The writer now checks the precision at run time and falls back to snprintf.
set -u
PS=${PERFSCRIBE:?}
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
command -v valgrind >/dev/null || ps_skip_optional "no valgrind (not a build dependency)"
ldd "$PS" 2>/dev/null | grep -q -e libasan -e libubsan && ps_skip_optional "sanitizer build: no valgrind"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\H\\O\\c"\r\n"03/14/2026 10:00:00.000","0.1"\r\n"03/14/2026 10:00:15.000","123456.789"\r\n' >"$tmp/in.csv"
# expected: python3 -c "print('%.17g' % 0.1, '%.17g' % 123456.789)" -> 0.10000000000000001 123456.789
want=$'"(PDH-CSV 4.0) (UTC)(0)","\\\\H\\O\\c"\r\n"03/14/2026 10:00:00.000","0.10000000000000001"\r\n"03/14/2026 10:00:15.000","123456.789"\r'
fail=0
"$PS" convert "$tmp/in.csv" -o "$tmp/native.csv" || fail=1
valgrind -q --error-exitcode=99 "$PS" convert "$tmp/in.csv" -o "$tmp/vg.csv" || { echo "FAIL: valgrind run"; fail=1; }
for f in native vg; do
    if [ "$(cat "$tmp/$f.csv")" != "$want" ]; then echo "FAIL: $f output:"; cat -A "$tmp/$f.csv"; fail=1; else echo "ok: $f"; fi
done
exit $fail
