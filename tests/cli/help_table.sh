#!/usr/bin/env bash
# The option table that --help, the man pages and the completion are made from matches what the
# parsers accept: every documented option of every command, given a plausible value and then
# --help, is accepted (exit 0 and the help text), never "unknown option" (exit 2). A command
# accepts --help, 'perfscribe help COMMAND' prints the same text, and the man page generator
# writes one page per command listed by 'perfscribe help'.
set -u
PS=${PERFSCRIBE:?}
GENDOC=$(dirname "$PS")/ps_gendoc
fail=0
bad() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
: >empty.txt
"$GENDOC" --options >opts.tsv || { echo "FAIL: ps_gendoc --options"; exit 1; }
[ "$(wc -l <opts.tsv)" -gt 40 ] || bad "only $(wc -l <opts.tsv) options listed"
while IFS=$'\t' read -r cmd opt arg values; do
  case $arg in
    -) set -- "$opt" ;;
    TIME) set -- "$opt" "2026-01-13T16:00:00" ;;
    P) set -- "$opt" jetstress-2013 ;;
    PATH) set -- "$opt" '\Memory\Available MBytes' ;;
    N | X | SECONDS) set -- "$opt" 2 ;;
    LABEL=*) set -- "$opt" "a=2" ;;
    *) if [ "$values" != - ]; then
         v=${values%% *}
         case $arg in FILE | OUT) v=out.$v ;; esac
         set -- "$opt" "$v"
       else
         case $arg in FILE) v=empty.txt ;; DIR) v=. ;; *) v=x ;; esac
         set -- "$opt" "$v"
       fi ;;
  esac
  out=$("$PS" "$cmd" "$@" --help 2>&1)
  rc=$?
  [ $rc = 0 ] || bad "$cmd $* --help: exit $rc: $(echo "$out" | head -2)"
  echo "$out" | grep -q "^usage: perfscribe $cmd " || bad "$cmd $*: no help text"
  echo "$out" | grep -q -- "$opt" || bad "$cmd --help does not show $opt"
done <opts.tsv
for cmd in $("$PS" help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && $1 != "help" && NF { print $1 }'); do
  "$PS" "$cmd" --help >a.txt || bad "$cmd --help exit"
  "$PS" help "$cmd" >b.txt || bad "help $cmd exit"
  cmp -s a.txt b.txt || bad "'$cmd --help' and 'help $cmd' differ"
  awk 'length > 80 { exit 1 }' a.txt || bad "$cmd --help has a line over 80 columns"
done
"$PS" help rules | grep -q 'PAL THRESHOLD XML' || bad "help rules"
[ "$fail" = 0 ] && echo "help_table: ok"
exit $fail
