#!/usr/bin/env bash
# convert: the committed synthetic .blg files (tests/data/blg, our own bytes) end to end.
set -u
PS=${PERFSCRIBE:?}
D=${PS_SOURCE_DIR:?}/tests/data/blg
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$PS" convert "$D/synthetic-layout-b.blg" --eol lf -o "$T/b.csv" 2> "$T/err" || fail "layout b"
# values by hand: disk 1000 (2i-1) B/s; memory (25+i)/200*100 with a bad status in sample 3;
# net(a) leaves in sample 3 and comes back without a previous value; odd has an unknown type
cat > "$T/want" <<'W'
"(PDH-CSV 4.0) (Pacific Standard Time)(480)","\\HOST\disk\bytes/sec","\\HOST\memory\% used","\\HOST\net(a)\packets/sec","\\HOST\net(b)\packets/sec","\\HOST\net(c)\packets/sec","\\HOST\odd\thing"
"01/15/2020 10:00:00.000"," ","12.5"," "," "," "," "
"01/15/2020 10:00:01.000","1000","13","10","100"," "," "
"01/15/2020 10:00:02.000","3000"," "," ","100","5"," "
"01/15/2020 10:00:03.000","5000","14.000000000000002"," ","100","5"," "
W
diff "$T/b.csv" "$T/want" || fail "layout b output"
grep -q "unknown counter type 0x12345678" "$T/err" || fail "no unknown-type warning"
grep -q "1 values in 1 samples have a bad status" "$T/err" || fail "no bad-status warning"
"$PS" convert "$D/synthetic-layout-a.blg" -f tsv --eol lf -c '\Proc(y#1)\*' -o "$T/a.tsv" || fail "layout a"
printf '"(PDH-TSV 4.0) (Eastern Daylight Time)(240)"\t"\\\\HOST\\Proc(y#1)\\%% Time"\t"\\\\HOST\\Proc(y#1)\\Ops/sec"\t"\\\\HOST\\Proc(y#1)\\%% Busy"\t"\\\\HOST\\Proc(y#1)\\Up"\n"07/01/2020 12:00:00.000"\t" "\t" "\t" "\t"5"\n"07/01/2020 12:00:10.000"\t"30"\t"15"\t"25"\t"15"\n"07/01/2020 12:00:20.000"\t"30"\t"15"\t"25"\t"25"\n' > "$T/wa"
diff "$T/a.tsv" "$T/wa" || fail "layout a output"
# both files merged: 7 distinct times, 6 + 12 columns
"$PS" convert "$D/synthetic-layout-b.blg" "$D/synthetic-layout-a.blg" -q -o "$T/m.csv" 2>/dev/null || fail "merge"
[ "$(wc -l < "$T/m.csv")" -eq 8 ] || fail "merge rows"
[ "$(head -1 "$T/m.csv" | tr ',' '\n' | wc -l)" -eq 19 ] || fail "merge columns"
# 07/01/2020 12:00 EDT is 16:00 UTC, printed in the first input's zone (bias 480): 08:00
[ "$(sed -n 6p "$T/m.csv" | cut -c2-24)" = "07/01/2020 08:00:00.000" ] || fail "merge time: $(sed -n 6p "$T/m.csv")"
echo ok
