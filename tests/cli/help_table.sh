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
# the value to give an option: "OPTION[<TAB>VALUE]"
value_for() {   # $1 option, $2 value name, $3 values
  case $2 in
    -) printf '%s\n' "$1" ;;
    TIME) printf '%s\t%s\n' "$1" "2026-01-13T16:00:00" ;;
    P) printf '%s\t%s\n' "$1" jetstress-2013 ;;
    PATH) printf '%s\t%s\n' "$1" '\Memory\Available MBytes' ;;
    N | X | SECONDS) printf '%s\t%s\n' "$1" 2 ;;
    NAME=VALUE) printf '%s\t%s\n' "$1" "processors=2" ;;   # analyze --set: a question the rules ask
    *=*) printf '%s\t%s\n' "$1" "a=2" ;;
    *) if [ "$3" != - ]; then
         v=${3%% *}
         case $2 in FILE | OUT) v=out.$v ;; esac
       else
         case $2 in FILE) v=empty.txt ;; DIR) v=. ;; *) v=x ;; esac
       fi
       printf '%s\t%s\n' "$1" "$v" ;;
  esac
}
# every option of a command at once, then --help; on failure each option alone names the culprit
for cmd in $(cut -f1 opts.tsv | uniq); do
  args=() rows=" "
  while IFS=$'\t' read -r c opt arg values row; do
    [ "$c" = "$cmd" ] || continue
    case $rows in *" $row "*) continue ;; esac   # one name per row: a value option given twice is an error
    rows="$rows$row "
    while IFS= read -r -d $'\t' w || [ -n "$w" ]; do args+=("$w"); w=; done < <(value_for "$opt" "$arg" "$values" | tr -d '\n')
  done <opts.tsv
  out=$("$PS" "$cmd" "${args[@]}" --help 2>&1)
  rc=$?
  if [ $rc != 0 ] || ! echo "$out" | grep -q "^usage: perfscribe $cmd "; then
    while IFS=$'\t' read -r c opt arg values row; do
      [ "$c" = "$cmd" ] || continue
      IFS=$'\t' read -r -a one < <(value_for "$opt" "$arg" "$values")
      o=$("$PS" "$cmd" "${one[@]}" --help 2>&1) || bad "$cmd ${one[*]} --help: $(echo "$o" | head -2)"
    done <opts.tsv
    bad "$cmd with every documented option: exit $rc"
  fi
  for opt in $(awk -F'\t' -v c="$cmd" '$1 == c { print $2 }' opts.tsv); do
    echo "$out" | grep -q -- "$opt" || bad "$cmd --help does not show $opt"
  done
done
for cmd in $("$PS" help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && $1 != "help" && NF { print $1 }'); do
  "$PS" "$cmd" --help >a.txt || bad "$cmd --help exit"
  "$PS" help "$cmd" >b.txt || bad "help $cmd exit"
  cmp -s a.txt b.txt || bad "'$cmd --help' and 'help $cmd' differ"
  awk 'length > 80 { exit 1 }' a.txt || bad "$cmd --help has a line over 80 columns"
done
"$PS" help rules | grep -q 'PAL THRESHOLD XML' || bad "help rules"
[ "$fail" = 0 ] && echo "help_table: ok"
exit $fail
