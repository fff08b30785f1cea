#!/usr/bin/env bash
# convert: merging, -c, -b/-e, -t, --bucket, formats and exit codes on small CSV files written here.
set -u
PS=${PERFSCRIBE:?}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
Z='"(PDH-CSV 4.0) (Pacific Standard Time)(480)"'
printf '%s\n' "$Z,\"\\\\H\\A\\x\",\"\\\\H\\A\\y\"" \
  '"01/01/2020 00:00:00.000","1","10"' '"01/01/2020 00:00:01.000","2","20"' \
  '"01/01/2020 00:00:02.000","3","30"' '"01/01/2020 00:00:03.000","4"," "' > "$T/a.csv"
printf '%s\n' "$Z,\"\\\\h\\a\\y\",\"\\\\H\\B\\z\"" \
  '"01/01/2020 00:00:01.000","99","5"' '"01/01/2020 00:00:01.500","98","6"' > "$T/b.csv"

# merge: union of columns (paths compare case-insensitively), equal times in one row, first value wins
"$PS" convert "$T/a.csv" "$T/b.csv" -o "$T/m.csv" --eol lf || fail "merge"
cat > "$T/want" <<'W'
"(PDH-CSV 4.0) (Pacific Standard Time)(480)","\\H\A\x","\\H\A\y","\\H\B\z"
"01/01/2020 00:00:00.000","1","10"," "
"01/01/2020 00:00:01.000","2","20","5"
"01/01/2020 00:00:01.500"," ","98","6"
"01/01/2020 00:00:02.000","3","30"," "
"01/01/2020 00:00:03.000","4"," "," "
W
diff "$T/m.csv" "$T/want" || fail "merge output"

# -t 2 keeps the 1st and 3rd samples
"$PS" convert "$T/a.csv" -t 2 --eol lf -o "$T/t.csv" || fail "-t"
[ "$(cut -c2-24 "$T/t.csv" | tail -n +2 | tr '\n' ' ')" = "01/01/2020 00:00:00.000 01/01/2020 00:00:02.000 " ] || fail "-t rows: $(cat "$T/t.csv")"

# --bucket 2: (1+2)/2 = 1.5, (10+20)/2 = 15; then 3.5 and 30 (the blank is not averaged)
"$PS" convert "$T/a.csv" --bucket 2 --eol lf -o "$T/k.csv" || fail "--bucket"
[ "$(tail -n +2 "$T/k.csv")" = '"01/01/2020 00:00:00.000","1.5","15"
"01/01/2020 00:00:02.000","3.5","30"' ] || fail "bucket: $(cat "$T/k.csv")"

# -b/-e (inclusive) and -c
"$PS" convert "$T/a.csv" -b "01/01/2020 00:00:01" -e "2020-01-01T00:00:02" -c '\A\y' -f tsv --eol lf > "$T/be.tsv" || fail "-b/-e"
[ "$(cat "$T/be.tsv")" = "$(printf '"(PDH-TSV 4.0) (Pacific Standard Time)(480)"\t"\\\\H\\A\\y"\n"01/01/2020 00:00:01.000"\t"20"\n"01/01/2020 00:00:02.000"\t"30"')" ] || fail "-b/-e/-c: $(cat "$T/be.tsv")"
printf '%s\n' '# counters' '\A\x' > "$T/list"
"$PS" convert "$T/a.csv" --counter-file "$T/list" --eol lf -o "$T/cf.csv" || fail "--counter-file"
[ "$(head -1 "$T/cf.csv")" = "$Z,\"\\\\H\\A\\x\"" ] || fail "counter file: $(head -1 "$T/cf.csv")"

# exit codes; nothing half-written
"$PS" convert 2>/dev/null; [ $? -eq 2 ] || fail "no input: not 2"
"$PS" convert "$T/a.csv" --nope 2>/dev/null; [ $? -eq 2 ] || fail "bad option: not 2"
"$PS" convert "$T/a.csv" -o "$T/x.blg" 2>/dev/null; [ $? -eq 2 ] || fail "-o .blg: not 2"
"$PS" convert "$T/a.csv" -t 0 2>/dev/null; [ $? -eq 2 ] || fail "-t 0: not 2"
"$PS" convert "$T/missing.csv" -o "$T/o.csv" 2>/dev/null; [ $? -eq 4 ] || fail "missing input: not 4"
echo "just text" > "$T/t.txt"
"$PS" convert "$T/a.csv" "$T/t.txt" -o "$T/o.csv" 2>/dev/null; [ $? -eq 3 ] || fail "bad input: not 3"
[ ! -e "$T/o.csv" ] || fail "output written despite a bad input"
"$PS" convert "$T/a.csv" -o "$T/a.csv" 2>/dev/null; rc=$?
[ $rc -ne 0 ] || fail "overwrote its input"
cmp -s "$T/a.csv" <(printf '%s\n' "$Z,\"\\\\H\\A\\x\",\"\\\\H\\A\\y\"" '"01/01/2020 00:00:00.000","1","10"' '"01/01/2020 00:00:01.000","2","20"' '"01/01/2020 00:00:02.000","3","30"' '"01/01/2020 00:00:03.000","4"," "') || fail "input changed"
"$PS" convert "$T/a.csv" -o "$T/nodir/o.csv" 2>/dev/null; [ $? -eq 4 ] || fail "unwritable output: not 4"
"$PS" convert --help | grep -q "usage: perfscribe convert" || fail "--help"
echo ok
