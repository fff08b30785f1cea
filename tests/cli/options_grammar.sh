#!/usr/bin/env bash
# One command-line grammar (cli/opt_parse.c): the cases of issue 29 that users saw, each checked
# against what the command itself prints without the option (never against a recorded output).
set -u
PS=${PERFSCRIBE:?}
S=${PS_SOURCE_DIR:?}/samples
fail=0
bad() { echo "FAIL: $*"; fail=1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
log=$S/analyze/server-en.csv

# check on a plain log with --encoding VALUE: the value is not a run folder; check = analyze
"$PS" -q analyze --encoding cp1252 "$log" > a.txt; arc=$?
"$PS" -q check --encoding cp1252 "$log" > c.txt; crc=$?
[ "$arc" = "$crc" ] && cmp -s a.txt c.txt || bad "check --encoding cp1252 LOG: exit $crc, not analyze's"

# relog's -cf in every command that filters counters, -f/--format everywhere
printf '%s\n' '\Memory\Available MBytes' > ctr.txt
"$PS" -q summary -c '\Memory\Available MBytes' -f csv "$log" > c1.csv || bad "summary -c -f"
"$PS" -q summary -cf ctr.txt --format=csv "$log" > c2.csv || bad "summary -cf"
"$PS" -q summary --counter-file ctr.txt --format csv "$log" > c3.csv || bad "summary --counter-file"
cmp -s c1.csv c2.csv && cmp -s c1.csv c3.csv || bad "summary -c / -cf / --counter-file differ"
[ "$(grep -c 'Available MBytes' c1.csv)" = 1 ] || bad "summary -c kept $(wc -l < c1.csv) lines"
"$PS" -q convert -cf ctr.txt --format csv "$log" > v1.csv && "$PS" -q convert -c '\Memory\Available MBytes' -f csv "$log" > v2.csv \
  && cmp -s v1.csv v2.csv || bad "convert -cf / --format"
"$PS" -q chart -cf ctr.txt "$log" -o m.svg && [ -s m.svg ] || bad "chart -cf"

# repeated -o: every file, each in the format of its extension, the same bytes as -f to stdout
"$PS" -q summary "$log" -o s.txt -o s.json -o s.csv || bad "summary -o x3"
for f in txt json csv; do
  w=$f; [ $f = txt ] && w=text
  "$PS" -q summary -f $w "$log" | cmp -s - s.$f || bad "summary -o s.$f differs from -f $w"
done
out=$("$PS" summary "$log" -o s2.txt -o s2.json) || bad "summary -o x2 exit"
[ "$out" = "$(printf 'wrote s2.txt\nwrote s2.json')" ] || bad "summary -o x2 printed: $out"

# analyze -o FILE prints the verdict line and the file; the verdict is the text output's first line
out=$("$PS" analyze "$log" -o x.html -o x.json); rc=$?
[ "$rc" = 1 ] || bad "analyze -o exit $rc"
want="$("$PS" -q analyze "$log" | head -1)"
[ "$out" = "$(printf '%s\nwrote x.html\nwrote x.json' "$want")" ] || bad "analyze -o printed: $out"
[ -z "$("$PS" -q analyze "$log" -o y.html | tail -n +2)" ] || bad "analyze -q -o printed files"
"$PS" -q analyze -f json "$log" | cmp -s - x.json || bad "analyze -o x.json differs from -f json"

# -b/-e: one parser, Z (UTC) accepted everywhere, one wording
# server-en.csv: Pacific time (UTC-8) from 2026-12-01 09:00:00Z
n_local=$("$PS" -q summary -f json -b '12/1/2026 1:30:00 AM' -e 2026-12-01T01:40:00 "$log" | grep -c '"count": *41')
n_utc=$("$PS" -q summary -f json -b 2026-12-01T09:30:00Z -e 2026-12-01T09:40:00Z "$log" | grep -c '"count": *41')
[ "$n_local" -gt 0 ] && [ "$n_local" = "$n_utc" ] || bad "summary -b/-e local vs Z: $n_local vs $n_utc"
"$PS" -q convert -b 2026-12-01T09:30:00Z -e 2026-12-01T09:40:00Z "$log" > z.csv || bad "convert Z"
[ "$(($(wc -l < z.csv) - 1))" = 41 ] || bad "convert -b/-e Z kept $(($(wc -l < z.csv) - 1)) rows, expected 41 (15 s samples)"
"$PS" -q analyze -b 2026-12-01T09:30:00Z "$log" > /dev/null; [ $? -le 1 ] || bad "analyze Z"
# a log without its report: the window by hand, in the log's clock (W. Europe, UTC+1) or in UTC
J=("$S/jetstress/MBX01/Performance_2026_3_14_10_11_2.csv" --mailboxes 1000 --iops-per-mailbox 0.2)
"$PS" -q jetstress "${J[@]}" -b "3/14/2026 10:11:17" -e "3/14/2026 12:11:03" > jl.txt 2>/dev/null || bad "jetstress -b local"
"$PS" -q jetstress "${J[@]}" -b 2026-03-14T09:11:17Z -e 2026-03-14T11:11:03Z > jz.txt 2>/dev/null || bad "jetstress -b Z"
"$PS" -q jetstress "${J[@]}" > jn.txt 2>/dev/null
cmp -s jl.txt jz.txt && ! cmp -s jl.txt jn.txt || bad "jetstress -b/-e: Z is not the same window as local"
for cmd in summary convert analyze chart jetstress check trend; do
  msg=$("$PS" $cmd -b 'yesterday' x 2>&1 | head -1)
  case $msg in
    "perfscribe: -b: cannot read the time 'yesterday' (M/D/YYYY H:MM:SS [AM|PM] or YYYY-MM-DDTHH:MM:SS, in the logs' clock; with Z or +hh:mm in UTC)") ;;
    *) bad "$cmd -b wording: $msg" ;;
  esac
done

# one meaning per name: --lenient skips bad rows everywhere; the Stress set is --lenient-thresholds
"$PS" -q check --lenient-thresholds "$S/jetstress/MBX02" | grep -q 'jetstress-2013/lenient' || bad "--lenient-thresholds"
"$PS" -q check --lenient "$S/jetstress/MBX02" | grep -q 'jetstress-2013/strict' || bad "--lenient selects thresholds"

# --rules: an unknown pack lists the packs (usage, exit 2); a Jetstress threshold file is named
msg=$("$PS" -q analyze --rules sytem "$log" 2>&1); rc=$?
[ "$rc" = 2 ] && echo "$msg" | grep -q "no built-in pack (system, " || bad "--rules sytem: exit $rc: $msg"
msg=$("$PS" -q analyze --rules "$S/thresholds/esrp-extra.thresholds" "$log" 2>&1); rc=$?
[ "$rc" = 3 ] && echo "$msg" | grep -q "a Jetstress threshold file" || bad "--rules esrp-extra.thresholds: exit $rc: $msg"

# grammar: errors
expect_usage() {   # $1 message, then the command line
  local want=$1; shift
  msg=$("$PS" "$@" 2>&1 >/dev/null | head -1); rc=$?
  "$PS" "$@" > /dev/null 2>&1; rc=$?
  [ "$rc" = 2 ] && [ "$msg" = "perfscribe: $want" ] || bad "$*: exit $rc: $msg"
}
expect_usage "--format: expected text, csv or json, got 'xml'" summary --format=xml "$log"
expect_usage "option -f given twice" summary -f csv -f json "$log"
expect_usage "option -o needs a value" summary "$log" -o
expect_usage "unknown option '--nope'" analyze --nope "$log"
expect_usage "option --lenient takes no value" summary --lenient=1 "$log"
expect_usage "--threads: expected a whole number from 0 to 64, got '99'" summary --threads 99 "$log"
# "--" ends the options; "-" is an operand (standard input)
"$PS" -q summary -f csv -- "$log" | cmp -s - c1.csv && bad "-- ignored the filter?" || true
"$PS" -q summary -f csv - < "$log" > stdin.csv && [ -s stdin.csv ] || bad "- as standard input"

# help layout: a label never runs into its help text; the command list is one column
"$PS" help > top.txt
grep -q -- '--quietno\|XIOPS' top.txt && bad "help layout: $(grep -- '--quietno\|XIOPS' top.txt)"
cols=$(sed -n '/^commands:/,/^$/p' top.txt | awk 'NF > 1 { match($0, /^  [^ ]+( [a-z-]+)? +/); print RLENGTH }' | sort -u | wc -l)
[ "$cols" = 1 ] || bad "command list not aligned ($cols columns)"
for cmd in jetstress check report store; do
  "$PS" $cmd --help | grep -q -- '--iops-per-mailbox X *IOPS' && bad "$cmd --help: --iops-per-mailbox XIOPS"
done
"$PS" help analyze-rules | grep -q '^  \[rule disk-read-latency\]' || bad "help analyze-rules: the [rule] format"
[ "$fail" = 0 ] && echo "options_grammar: ok"
exit $fail
