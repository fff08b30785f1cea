#!/usr/bin/env bash
# convert: the real samples (read from $PS_SHARED_DIR, skipped when absent) against relog's twins.
set -u
S=${PS_SHARED_DIR:-../shared}/real-samples/blg
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -f "$S/PS_CounterSamples.blg" ] || ps_skip_optional "$S not present"
PS=${PERFSCRIBE:?}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# .blg -> CSV and TSV: byte for byte equal to relog's output, ignoring CR
"$PS" convert "$S/PS_CounterSamples.blg" -o "$T/x.csv" || fail "convert csv"
tr -d '\r' < "$T/x.csv" | cmp - "$S/PS_CounterSamples.csv" || fail "CSV differs from the twin"
grep -q $'\r$' "$T/x.csv" || fail "default line ends are not CRLF"
"$PS" convert "$S/PS_CounterSamples.blg" -o "$T/x.tsv" || fail "convert tsv"
tr -d '\r' < "$T/x.tsv" | cmp - "$S/PS_CounterSamples.tsv" || fail "TSV differs from the twin"
"$PS" convert "$S/PS_CounterSamples.blg" -f tsv --eol lf > "$T/stdout.tsv" || fail "stdout"
cmp "$T/stdout.tsv" "$S/PS_CounterSamples.tsv" || fail "TSV on stdout differs"

# CSV -> TSV and CSV -> CSV through the text reader give the same bytes
"$PS" convert "$S/PS_CounterSamples.csv" -o "$T/y.tsv" --eol lf || fail "csv->tsv"
cmp "$T/y.tsv" "$S/PS_CounterSamples.tsv" || fail "csv->tsv differs"
"$PS" convert "$S/PS_CounterSamples.tsv" -o "$T/y.csv" --eol lf || fail "tsv->csv"
cmp "$T/y.csv" "$S/PS_CounterSamples.csv" || fail "tsv->csv differs"

# the bad-status log: 275 sample sets, 52 missing values in 5 samples reported
"$PS" convert "$S/PS_BadCounterSamples.blg" -o "$T/bad.csv" 2> "$T/err" || fail "bad samples"
[ "$(wc -l < "$T/bad.csv")" -eq 276 ] || fail "expected 275 rows + header"
grep -q "52 values in 5 samples have a bad status" "$T/err" || fail "bad status not reported: $(cat "$T/err")"

# text named .blg: exit 3, nothing written
"$PS" convert "$S/PS_CorruptBlg.blg" -o "$T/c.csv" 2> "$T/err"; rc=$?
[ $rc -eq 3 ] || fail "corrupt: exit $rc"
[ ! -e "$T/c.csv" ] || fail "corrupt: output written"
grep -q "text" "$T/err" || fail "corrupt: message $(cat "$T/err")"

# layout A and the Tx sample decode
"$PS" convert "$S/PAL_SamplePerfmonLog.blg" -o "$T/pal.tsv" -c '\Processor(*)\% Processor Time' || fail "pal"
[ "$(wc -l < "$T/pal.tsv")" -eq 12 ] || fail "pal rows"
head -1 "$T/pal.tsv" | grep -q 'Processor(_Total)\\% Processor Time' || fail "pal filter"
[ "$(head -1 "$T/pal.tsv" | tr '\t' '\n' | wc -l)" -eq 3 ] || fail "pal: expected Processor(0) and _Total"
echo ok
