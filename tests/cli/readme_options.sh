#!/usr/bin/env bash
# The README's option tables (docs/readme/options.md) are generated from the option tables
# that also drive the parser, --help, the man pages and the completion: the block between the
# ps_gendoc markers must be exactly what `ps_gendoc --readme` writes now. A failure prints the
# difference; after changing an option (name, value, help text), regenerate the block:
#   PERFSCRIBE=build/perfscribe PS_SOURCE_DIR=$PWD bash tests/cli/readme_options.sh --update
set -u
PS=${PERFSCRIBE:?}
GENDOC=$(dirname "$PS")/ps_gendoc
md=${PS_SOURCE_DIR:?}/docs/readme/options.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -x "$GENDOC" ] || { echo "FAIL: $GENDOC not built"; exit 1; }
[ -f "$md" ] || { echo "FAIL: $md missing"; exit 1; }
"$GENDOC" --readme >"$tmp/want" || { echo "FAIL: ps_gendoc --readme"; exit 1; }
begin=$(head -n 1 "$tmp/want") end=$(tail -n 1 "$tmp/want")
# The block as the file holds it (markers included), and the file's lines before and after it.
awk -v b="$begin" -v e="$end" -v dir="$tmp" '
  $0 == b { inside = 1; nb++ }
  inside { print > (dir "/have"); if ($0 == e) { inside = 0; ne++ }; next }
  { print > (dir (nb ? "/after" : "/before")) }
  END { if (nb != 1 || ne != 1) exit 1 }' "$md" || {
  echo "FAIL: $md must hold the generated block once, from the line"; echo "  $begin"; echo "to the line"
  echo "  $end"; exit 1; }
touch "$tmp/have" "$tmp/before" "$tmp/after"
if [ "${1:-}" = --update ]; then
  cat "$tmp/before" "$tmp/want" "$tmp/after" >"$tmp/new" && cp "$tmp/new" "$md"
  echo "readme options: $md regenerated"
  exit 0
fi
if ! diff -u --label "$md (recorded)" --label "ps_gendoc --readme (the option tables now)" "$tmp/have" "$tmp/want"; then
  echo "FAIL: the option tables in $md are out of date; regenerate them:"
  echo "  PERFSCRIBE=build/perfscribe PS_SOURCE_DIR=\$PWD bash tests/cli/readme_options.sh --update"
  exit 1
fi
# Every command 'perfscribe help' lists has its table (the binary's list, not the generator's).
cmds=$("$PS" help | awk '/^commands:/ { on = 1; next } on && !/^  / { on = 0 } on && $1 != "help" { print $1 }')
[ -n "$cmds" ] || { echo "FAIL: 'perfscribe help' lists no command"; exit 1; }
for c in $cmds; do
  grep -qx "### perfscribe $c" "$tmp/want" || { echo "FAIL: command $c has no table"; exit 1; }
done
[ "$(grep -c '^| `' "$tmp/want")" -gt 40 ] || { echo "FAIL: fewer than 40 option rows"; exit 1; }
echo "readme options: $(grep -c '^### ' "$tmp/want") commands, $(grep -c '^| `' "$tmp/want") option rows, up to date"
