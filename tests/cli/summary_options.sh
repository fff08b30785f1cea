#!/usr/bin/env bash
# perfscribe summary: -b/-e (local and UTC), -c and --counter-file filters, several files merged
# by counter path, -o written atomically (nothing left on error, never over an input),
# --lenient, exit codes. Expected values are hand arithmetic on the rows written below.
set -uo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
fail() { echo "FAIL: $*" >&2; exit 1; }
# jq-like helper: print the value of a Python expression on the JSON document in file $1
j() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c={x["counter"]:x for x in d["counters"]}; print(eval(sys.argv[2]))' "$@"; }
expect_rc() { local want=$1; shift; "$@" > out.txt 2> err.txt; local rc=$?; [ "$rc" = "$want" ] || fail "rc $rc (want $want): $* : $(cat err.txt)"; }

printf '%s\r\n' \
  '"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)","\\H1\Memory\Available MBytes","\\H1\LogicalDisk(C:)\Avg. Disk sec/Read","\\H1\Processor(_Total)\% Processor Time"' \
  '"03/01/2026 10:00:00.000","100","0.010"," "' \
  '"03/01/2026 10:00:15.000","200","0.020","50"' \
  '"03/01/2026 10:00:30.000","300"," ","70"' \
  '"03/01/2026 10:00:45.000","400","0.030","30"' > a.csv
# second file, other case in the path, one more counter, zone unknown (no bias in the header)
printf '%s\r\n' \
  '"(PDH-CSV 4.0)","\\h1\memory\available mbytes","\\H1\System\Processor Queue Length"' \
  '"03/01/2026 11:00:00.000","500","2"' > b.csv

# --- -b/-e in local time (relog form and ISO form): rows 2 and 3 -> 200, 300
expect_rc 0 "$PS" summary --format json -b "3/1/2026 10:00:15 AM" -e 2026-03-01T10:00:30 -o w.json a.csv
[ "$(j w.json 'c["Available MBytes"]["count"], c["Available MBytes"]["mean"]')" = "(2, 250)" ] || fail "-b/-e local"
[ "$(j w.json 'd["files"][0]["samples"], d["files"][0]["first"]')" = "(2, '2026-03-01T09:00:15.000Z')" ] || fail "-b/-e samples"
# --- with Z: compared with UTC; 09:00:30Z = 10:00:30 local -> rows 3 and 4 -> 300, 400
expect_rc 0 "$PS" summary --format=json --begin 2026-03-01T09:00:30Z -o w.json a.csv
[ "$(j w.json 'c["Available MBytes"]["mean"], c["Available MBytes"]["min"]')" = "(350, 300)" ] || fail "-b Z"
expect_rc 0 "$PS" summary --format json --end 2026-03-01T09:00:00+00:00 -o w.json a.csv
[ "$(j w.json 'c["Available MBytes"]["count"]')" = "1" ] || fail "-e offset"
# an empty window: statistics are null
expect_rc 0 "$PS" summary --format json -b 2027-01-01 -o w.json a.csv
[ "$(j w.json 'c["Available MBytes"]["count"], c["Available MBytes"]["mean"], d["files"][0]["first"]')" = "(0, None, None)" ] || fail "empty window"

# --- -c filters (relog patterns) and --counter-file
expect_rc 0 "$PS" summary --format json -c '\LogicalDisk(*)\*' -o w.json a.csv
[ "$(j w.json '[x["counter"] for x in d["counters"]]')" = "['Avg. Disk sec/Read']" ] || fail "-c"
expect_rc 0 "$PS" summary --format json -c '\\*\Memory\*' -c '\Processor(_Total)\% Processor Time' -o w.json a.csv
[ "$(j w.json 'len(d["counters"])')" = "2" ] || fail "-c twice"
printf '# memory only\n\n\\\\*\\memory\\available mbytes\n' > list.txt
expect_rc 0 "$PS" summary --format json --counter-file list.txt -o w.json a.csv
[ "$(j w.json '[x["counter"] for x in d["counters"]]')" = "['Available MBytes']" ] || fail "--counter-file"
expect_rc 0 "$PS" summary -c '\Nothing\Here' a.csv
grep -q "no counter matches" err.txt || fail "no-match warning"

# --- several files merged by path (case-insensitive): 100..500 -> count 5, mean 300
expect_rc 0 "$PS" summary --format json -o m.json a.csv b.csv
[ "$(j m.json 'c["Available MBytes"]["count"], c["Available MBytes"]["mean"], c["Available MBytes"]["max"]')" = "(5, 300, 500)" ] || fail "merge"
[ "$(j m.json 'len(d["files"]), d["files"][1]["utc_known"], d["files"][1]["bias_minutes"], d["utc_known"]')" = "(2, False, None, False)" ] || fail "files"
[ "$(j m.json 'len(d["counters"]), d["counters"][3]["counter"]')" = "(4, 'Processor Queue Length')" ] || fail "counter order"

# --- -o: same bytes as stdout; atomic; refuses to overwrite an input
expect_rc 0 "$PS" summary --format csv a.csv
cp out.txt stdout.csv
expect_rc 0 "$PS" summary --format csv -o o.csv a.csv
cmp o.csv stdout.csv || fail "-o content"
cp a.csv a.bak
expect_rc 2 "$PS" summary -o a.csv a.csv
cmp a.csv a.bak || fail "input overwritten"
ls -A | grep -q tmp && fail "temporary file left: $(ls -A)"

# --- errors: nothing written to -o, message with FILE:LINE:COL, exit codes
sed 's/"70"/"7x0"/' a.csv > bad.csv
expect_rc 3 "$PS" summary -o never.txt a.csv bad.csv
grep -q '^perfscribe: bad.csv:4:[0-9]*: ' err.txt || fail "error location: $(cat err.txt)"
[ -e never.txt ] && fail "-o written on error"
ls -A | grep -q 'never' && fail "temporary left on error"
expect_rc 0 "$PS" summary --lenient --format json -o l.json bad.csv
grep -q 'warning: 1 malformed row skipped' err.txt || fail "lenient warning: $(cat err.txt)"
[ "$(grep -c malformed err.txt)" = 1 ] || fail "warning printed more than once"
[ "$(j l.json 'd["files"][0]["malformed_rows"], c["% Processor Time"]["count"]')" = "(1, 2)" ] || fail "lenient counts"
printf 'hello\n' > junk.csv
expect_rc 3 "$PS" summary junk.csv
expect_rc 4 "$PS" summary missing.csv
expect_rc 4 "$PS" summary -o no/such/dir/out.txt a.csv
expect_rc 2 "$PS" summary
expect_rc 2 "$PS" summary --bogus a.csv
expect_rc 2 "$PS" summary --format pdf a.csv
expect_rc 2 "$PS" summary -b yesterday a.csv
expect_rc 2 "$PS" summary -b 2026-03-02 -e 2026-03-01 a.csv
expect_rc 2 "$PS" summary -c 'not a path' a.csv
expect_rc 2 "$PS" summary -c
expect_rc 0 "$PS" summary --help
grep -q 'within 1 %' out.txt || fail "--help states the sketch error bound"
expect_rc 0 "$PS" help summary
grep -q -- '--counter-file' out.txt || fail "help summary"
# PERFSCRIBE_NO_AVX512: the other forms of the parser, cutter and statistics give the same
# bytes (a wide relog-style file with blanks, read in two chunks and sequentially)
awk 'BEGIN { srand(7); printf "\"(PDH-CSV 4.0) (UTC)(0)\"";
  for (c = 0; c < 300; c++) printf ",\"\\\\M\\O(%d)\\x\"", c; printf "\r\n";
  for (r = 0; r < 400; r++) { printf "\"01/01/2024 %02d:%02d:%02d.000\"", r / 3600, (r / 60) % 60, r % 60;
    for (c = 0; c < 300; c++) { x = rand(); if (x < 0.02) printf ",\" \""; else if (c % 7 == 0) printf ",\"0\"";
      else printf ",\"%.17g\"", (x - 0.3) * 10 ^ (c % 11 - 4) } printf "\r\n" } }' > wide.csv
for th in 1 2; do
    "$PS" summary -q --threads $th --format json wide.csv > simd.json || fail "wide file ($th)"
    PERFSCRIBE_NO_AVX512=1 "$PS" summary -q --threads $th --format json wide.csv > plain.json || fail "wide file ($th), no AVX-512"
    cmp -s simd.json plain.json || fail "PERFSCRIBE_NO_AVX512 changes the summary ($th threads)"
done
[ "$(j simd.json 'len(d["counters"]), c["x"]["count"] + c["x"]["missing"]')" = "(300, 400)" ] || fail "wide file shape"
echo ok
