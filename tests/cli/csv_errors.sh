#!/usr/bin/env bash
# CLI test: bad text logs give one "perfscribe: FILE:LINE:COL: message" line and exit 3.
set -u
PS=${PERFSCRIBE:?}
DATA=${PS_SOURCE_DIR:?}/tests/data/csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect FILE EXPECTED-STDERR-LINE
expect() {
    local out rc
    out=$("$PS" summary "$1" 2>&1 >/dev/null); rc=$?
    if [ "$rc" != 3 ] || [ "$out" != "$2" ]; then
        echo "FAIL: $1: exit $rc, stderr: $out"; echo "      expected: $2"; fail=1
    fi
}

hdr='"(PDH-CSV 4.0) (UTC)(0)","\\M\A\x","\\M\B\y"'
printf '%s\n"01/01/2024 00:00:00.000","12x","2"\n' "$hdr" > "$tmp/num.csv"
expect "$tmp/num.csv" "perfscribe: $tmp/num.csv:2:27: malformed number \"12x\" in column 2"
printf '%s\n"01/01/2024 00:00:00.000","1"\n' "$hdr" > "$tmp/short.csv"
expect "$tmp/short.csv" "perfscribe: $tmp/short.csv:2:30: row has 2 fields, the header has 3"
printf '%s\n"01/01/2024 00:00:00.000","1","2\n' "$hdr" > "$tmp/quote.csv"
expect "$tmp/quote.csv" "perfscribe: $tmp/quote.csv:2:31: unterminated quoted field"
cp "$DATA/basic.csv" "$tmp/text.blg"
expect "$tmp/text.blg" "perfscribe: $tmp/text.blg:1:1: text log with a .blg name, not a binary log (rename it .csv to read it as text)"
printf '"Path","CookedValue"\r\n"\\\\m\\a\\b","5,1"\r\n' > "$tmp/gc.csv"
expect "$tmp/gc.csv" "perfscribe: $tmp/gc.csv:1:1: not a PerfMon log (Get-Counter Path,CookedValue export)"

corrupt=${PS_SHARED_DIR:-}/real-samples/blg/PS_CorruptBlg.blg
if [ -r "$corrupt" ]; then
    expect "$corrupt" "perfscribe: $corrupt:1:1: text log with a .blg name, not a binary log (rename it .csv to read it as text)"
fi
exit $fail
