#!/usr/bin/env bash
# Every bundled run rendered to PDF and HTML and read back by perfscribe's own audit: no error in
# either, and in both every value of the labels audit understands is read (no "absent-value"; the
# HTML is read as a browser shows it: table rows as lines, charts and navigation skipped), and the
# HTML gives the same count of numbers read as the PDF. Non-English papers too: the zh-TW sample
# (Jetstress's own zh-TW labels in its appendix), MBX01 under --lang ja and --lang de, and the whole
# sample run (failure explanations, verdict details, qualification bullets, the summary rows with
# ESRP's term beside their translation) under --lang ko, es, fr and zh-CN.
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
for run in "$S/jetstress" "$S"/jetstress/MBX0* "$S"/trend/*/ "$S/jetstress/MBX01@ja" "$S/jetstress/MBX01@de" \
  "$S/jetstress@ko" "$S/jetstress@es" "$S/jetstress@fr" "$S/jetstress@zh-CN"; do
  run=${run%/}
  lang=()
  case $run in *@*) lang=(--lang "${run#*@}"); run=${run%@*} ;; esac
  name=$(echo "${run#$S/}" | tr '/' '_')${lang[1]:+_${lang[1]}}
  sol=()
  [ "$run" = "$S/jetstress" ] && sol=(--solution "$S/solution/solution.ini")
  [ "$run" = "$S/jetstress/MBX03" ] && sol=(--solution "$S/solution/solution-zh-tw.ini")
  "$PERFSCRIBE" report "$run" "${sol[@]}" "${lang[@]}" -o "$tmp/$name.pdf" -o "$tmp/$name.html" -q 2>"$tmp/$name.err" \
    || { echo "FAIL: report $run"; cat "$tmp/$name.err"; fail=1; continue; }
  read_pdf=
  for f in "$tmp/$name.pdf" "$tmp/$name.html"; do
    rc=0
    "$PERFSCRIBE" audit --paper "$f" >"$tmp/audit.txt" 2>&1 || rc=$?
    if [ "$rc" -gt 1 ] || grep -q ': error: ' "$tmp/audit.txt"; then
      echo "FAIL: audit of the paper of $run ($f):"; grep -E 'error|perfscribe:' "$tmp/audit.txt" | head; fail=1
    fi
    if grep -q 'absent-value' "$tmp/audit.txt"; then
      echo "FAIL: a value of the paper of $run ($f) not read back:"; grep absent-value "$tmp/audit.txt" | head; fail=1
    fi
    grep -q ' 0 errors' "$tmp/audit.txt" || { echo "FAIL: no audit summary for $f"; fail=1; }
    got=$(sed -n 's/.*; \([0-9]*\) numbers read.*/\1/p' "$tmp/audit.txt")
    case $f in
      *.pdf) read_pdf=$got; pdftotext "$f" "$tmp/text.txt" ;;
      *) [ "$got" = "$read_pdf" ] || { echo "FAIL: $name: the HTML gives $got numbers, the PDF $read_pdf"; fail=1; }
         cp "$f" "$tmp/text.txt" ;;
    esac
    # no path of this machine: neither the source tree, nor the temp folder, nor a relative samples/ path
    if grep -qF -e "$PS_SOURCE_DIR" -e "$tmp" -e "samples/" -e "/jetstress/" "$tmp/text.txt"; then
      echo "FAIL: a path of this machine in $f:"; grep -nF -e "$PS_SOURCE_DIR" -e "$tmp" -e "samples/" -e "/jetstress/" "$tmp/text.txt" | head -3; fail=1
    fi
  done
  n=$((n + 1))
done
[ "$n" -ge 13 ] || { echo "FAIL: only $n runs rendered"; fail=1; }
# the zh-TW appendix prints Jetstress's own zh-TW labels (as the MBX03 report does), and the audit read
# its instance tables under them (the count above equals the English labels' 183 numbers: 6 instances)
pdftotext "$tmp/jetstress_MBX03.pdf" "$tmp/zh.txt"
for label in "每秒達成交易 I/O" "整體測試結果" "交易 I/O 效能" "初始資料庫大小 (位元組)"; do
  grep -qF "$label" "$tmp/zh.txt" || { echo "FAIL: zh-TW appendix lacks Jetstress's label $label"; fail=1; }
done
rc=0
"$PERFSCRIBE" audit --paper "$tmp/jetstress_MBX03.pdf" >"$tmp/zh.audit" 2>&1 || rc=$?
grep -q ' 0 errors, 0 warnings, 0 info; 183 numbers read' "$tmp/zh.audit" \
  || { echo "FAIL: zh-TW paper audit:"; tail -2 "$tmp/zh.audit"; fail=1; }
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
