#!/bin/bash
# Findings F11/F12 (tests/fuzz/FINDINGS.md): a write that fails while report or convert renders
# names the output and the reason, like every other command. /dev/full (ENOSPC on every write)
# is reached through a symbolic link named with the format's extension.
set -u
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -c /dev/full ] || ps_skip "no /dev/full"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in c.csv r.html r.pdf; do ln -s /dev/full "$tmp/$f"; done
expect() {   # expect NAME EXIT LAST-STDERR-LINE, with $rc and $tmp/err from the run
    local last; last=$(tail -n 1 "$tmp/err")
    if [ "$rc" != "$2" ] || [ "$last" != "$3" ]; then
        echo "FAIL: $1: exit $rc, last line: $last"; fail=1
    else
        echo "ok: $1"
    fi
}
ENOSPC="No space left on device"
$PS convert "$SRC/samples/perfmon/mbx01-2h.csv" -q -o "$tmp/c.csv" 2>"$tmp/err"; rc=$?
expect "convert -o /dev/full" 4 "perfscribe: $tmp/c.csv: write error: $ENOSPC"
for f in r.html r.pdf; do
    $PS report "$SRC/samples/jetstress/MBX01" -q -o "$tmp/$f" 2>"$tmp/err"; rc=$?
    expect "report -o /dev/full ($f)" 4 "perfscribe: $tmp/$f: write error: $ENOSPC"
done
# two outputs, the second failing: the first is not written either (nothing half-done)
$PS report "$SRC/samples/jetstress/MBX01" -q -o "$tmp/ok.html" -o "$tmp/r.pdf" 2>"$tmp/err"; rc=$?
expect "report -o ok.html -o /dev/full" 4 "perfscribe: $tmp/r.pdf: write error: $ENOSPC"
[ -e "$tmp/ok.html" ] && { echo "FAIL: ok.html written although another output failed"; fail=1; }
ls -A "$tmp" | grep -v -x -e c.csv -e r.html -e r.pdf -e err && { echo "FAIL: files left behind"; fail=1; }
exit $fail
