#!/usr/bin/env bash
# Every bundled run rendered to PDF and HTML and read back by perfscribe's own audit: no error in
# either, and in the PDF every value of the labels audit understands is read (no "absent-value").
# MBX02's Performance test fails (Jetstress printed Fail): its paper says it does not qualify,
# report exits 0, and 1 with --require-qualified. No path of this machine (absolute or relative)
# is printed in any document: the inputs are named by file name only.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools pdftotext
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1764460800
S="$PS_SOURCE_DIR/samples"
fail=0
n=0
for run in "$S/jetstress" "$S"/jetstress/MBX0* "$S"/trend/*/; do
  run=${run%/}
  name=$(echo "${run#$S/}" | tr '/' '_')
  sol=()
  [ "$run" = "$S/jetstress" ] && sol=(--solution "$S/solution/solution.ini")
  [ "$run" = "$S/jetstress/MBX03" ] && sol=(--solution "$S/solution/solution-zh-tw.ini")
  "$PERFSCRIBE" report "$run" "${sol[@]}" -o "$tmp/$name.pdf" -o "$tmp/$name.html" -q 2>"$tmp/$name.err" \
    || { echo "FAIL: report $run"; cat "$tmp/$name.err"; fail=1; continue; }
  for f in "$tmp/$name.pdf" "$tmp/$name.html"; do
    rc=0
    "$PERFSCRIBE" audit --paper "$f" >"$tmp/audit.txt" 2>&1 || rc=$?
    if [ "$rc" -gt 1 ] || grep -q ': error: ' "$tmp/audit.txt"; then
      echo "FAIL: audit of the paper of $run ($f):"; grep -E 'error|perfscribe:' "$tmp/audit.txt" | head; fail=1
    fi
    case $f in
      *.pdf) if grep -q 'absent-value' "$tmp/audit.txt"; then
               echo "FAIL: a value of the paper of $run not read back:"; grep absent-value "$tmp/audit.txt" | head; fail=1
             fi
             grep -q ' 0 errors' "$tmp/audit.txt" || { echo "FAIL: no audit summary for $f"; fail=1; }
             pdftotext "$f" "$tmp/text.txt" ;;
      *) cp "$f" "$tmp/text.txt" ;;
    esac
    # no path of this machine: neither the source tree, nor the temp folder, nor a relative samples/ path
    if grep -qF -e "$PS_SOURCE_DIR" -e "$tmp" -e "samples/" -e "/jetstress/" "$tmp/text.txt"; then
      echo "FAIL: a path of this machine in $f:"; grep -nF -e "$PS_SOURCE_DIR" -e "$tmp" -e "samples/" -e "/jetstress/" "$tmp/text.txt" | head -3; fail=1
    fi
  done
  n=$((n + 1))
done
[ "$n" -ge 7 ] || { echo "FAIL: only $n runs rendered"; fail=1; }
# the failing server: the paper says why, exit 0; --require-qualified: exit 1 and the reasons on stderr
pdftotext "$tmp/jetstress_MBX02.pdf" "$tmp/m2.txt"
grep -q "does not qualify for ESRP" "$tmp/m2.txt" || { echo "FAIL: no qualification statement"; fail=1; }
rc=0
"$PERFSCRIBE" report "$S/jetstress/MBX02" -o "$tmp/q.pdf" --require-qualified 2>"$tmp/q.err" || rc=$?
[ "$rc" = 1 ] || { echo "FAIL: --require-qualified exit $rc, want 1"; fail=1; }
grep -q "does not qualify for ESRP: MBX02 Performance" "$tmp/q.err" || { echo "FAIL: reasons not on stderr"; cat "$tmp/q.err"; fail=1; }
rc=0
"$PERFSCRIBE" report "$S/jetstress/MBX01" -o "$tmp/q1.pdf" --require-qualified 2>/dev/null || rc=$?
[ "$rc" = 0 ] || { echo "FAIL: MBX01 qualifies, --require-qualified exit $rc"; fail=1; }
pdftotext "$tmp/q1.pdf" "$tmp/q1.txt"
grep -q "This run qualifies for ESRP" "$tmp/q1.txt" || { echo "FAIL: MBX01 qualification statement"; fail=1; }
[ "$fail" = 0 ] && echo "OK: $n runs rendered, PDF and HTML audited"
exit $fail
