#!/usr/bin/env bash
# CLI test: the reader items of issue 18 (6 pipes and standard input, 8 duplicate columns, 13
# backward time stamps and --bucket order, 14 undefined CSV cells, 24 short-date time stamps)
# and of issue 22 (4: a cut zone cell, --encoding). Exact messages and exit codes; the inputs
# are made here, by hand.
set -uo pipefail
PS=${PERFSCRIBE:?}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
# expect NAME WANT_RC WANT_STDERR_LINE CMD...: run CMD, compare the exit code and the last stderr line
expect() {
    local name=$1 rc=$2 line=$3
    shift 3
    "$@" > "$T/out" 2> "$T/err"
    local got=$?
    local last
    last=$(tail -n 1 "$T/err")
    # a usage error (exit 2) ends with the "try --help" line: its message is the line before
    [ "$rc" = 2 ] && last=$(tail -n 2 "$T/err" | head -n 1)
    if [ "$got" != "$rc" ] || { [ "$line" != "-" ] && [ "$last" != "$line" ]; }; then
        echo "FAIL $name: exit $got (want $rc)"; echo "  stderr: $last"; echo "  want:   $line"; fail=1
    else
        echo "ok   $name"
    fi
}
# check NAME CONDITION...: a test on the last output
check() {
    local name=$1
    shift
    if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=1; fi
}

printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\Memory\\Available MBytes"\r\n"03/14/2026 10:00:00.000","1"\r\n"03/14/2026 10:00:01.000","3"\r\n' > "$T/plain.csv"

# --- 18.6: a pipe and standard input are read from their first byte
expect pipe 0 - "$PS" summary -q --format csv <(cat "$T/plain.csv")
check pipe-count grep -q ',Available MBytes,2,0,1,3,2,' "$T/out"
expect stdin 0 - "$PS" summary -q --format csv - < "$T/plain.csv"
check stdin-count grep -q ',Available MBytes,2,0,1,3,2,' "$T/out"
expect convert-stdin 0 - "$PS" convert - < "$T/plain.csv"
check convert-stdin-rows grep -q '"03/14/2026 10:00:01.000","3"' "$T/out"

BLG=${PS_SHARED_DIR:-}/real-samples/blg/PS_CounterSamples.blg
if [ -f "$BLG" ]; then   # a .blg is read twice: from a pipe it is refused with its reason
    expect blg-pipe 3 "perfscribe: -: a .blg binary log cannot be read from a pipe or device (it is read twice); save it to a file first" \
        bash -c '"$0" summary -q - < "$1"' "$PS" "$BLG"
else
    echo "skip blg-pipe: $BLG not present"
fi

# --- 18.8: a counter path twice is two columns (as relog keeps it), never merged
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\P(_Total)\\T","\\\\M\\P(_Total)\\T"\n"03/14/2026 10:00:00.000","1","10"\n"03/14/2026 10:00:01.000","2","20"\n"03/14/2026 10:00:02.000","3","30"\n' > "$T/dup.csv"
expect dup-summary 0 - "$PS" summary -q --format csv "$T/dup.csv"
check dup-two-rows [ "$(grep -c '^\\\\M\\P(_Total)\\T,M,P,,_Total,,T,3,0,' "$T/out")" = 2 ]
check dup-means bash -c "grep -q ',T,3,0,1,3,2,' '$T/out' && grep -q ',T,3,0,10,30,20,' '$T/out'"
expect dup-convert 0 - "$PS" convert "$T/dup.csv"
check dup-convert-cols grep -q '^"03/14/2026 10:00:02.000","3","30"' "$T/out"

# --- 13: backward time stamps (a DST fall-back with the header's fixed bias): one warning, the
# range is earliest .. latest, --bucket rows stay in order
printf '"(PDH-CSV 4.0) (Eastern Standard Time)(300)","\\\\M\\A\\x"\r\n"11/01/2026 01:30:00.000","1"\r\n"11/01/2026 01:59:00.000","2"\r\n"11/01/2026 01:00:00.000","3"\r\n"11/01/2026 01:30:00.000","4"\r\n' > "$T/dst.csv"
W="perfscribe: warning: $T/dst.csv:4: time stamps go backwards (11/01/2026 01:00:00.000 after 11/01/2026 01:59:00.000); the time range is the earliest to the latest, time-weighted means are not computed"
expect back-warn 0 "$W" "$PS" summary -q "$T/dst.csv"
check back-range grep -q '4 samples, 2026-11-01T06:00:00.000Z .. 2026-11-01T06:59:00.000Z' "$T/out"
expect back-bucket 0 "perfscribe: warning: --bucket: 2 row(s) earlier than the bucket being filled (time stamps went backwards) were averaged into that bucket" "$PS" convert --bucket 600 "$T/dst.csv"
check back-bucket-rows [ "$(tail -n +2 "$T/out" | tr -d '\r')" = "$(printf '"11/01/2026 01:30:00.000","1"\n"11/01/2026 01:50:00.000","3"')" ]

# --- 14: values near the double range: an undefined statistic is an empty CSV cell, not null
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\A\\x"\n"01/01/2026 00:00:00.000","1e308"\n"01/01/2026 00:00:01.000","-1e308"\n"01/01/2026 00:00:02.000","1e308"\n' > "$T/big.csv"
expect big 0 - "$PS" summary -q --format csv "$T/big.csv"
check big-no-null bash -c "! grep -q null '$T/out'"

# --- 24: short dates as Windows writes them in a locale
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\A\\x"\n"1/13/2026 08:00:00","1"\n"01/13/2026 08:01","2"\n"1/13/2026 8:02:00 AM","3"\n"13.01.2026 08:03:00","4"\n"2026-01-13 08:04:00.000","5"\n"1/13/2026 8:05:00 PM","6"\n' > "$T/dates.csv"
expect dates 0 - "$PS" summary -q --format csv "$T/dates.csv"
check dates-range grep -q ',x,6,0,1,6,3.5,.*,2026-01-13T08:00:00.000Z,2026-01-13T20:05:00.000Z' "$T/out"
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\A\\x"\n"13/01/2026 08:00:00","1"\n' > "$T/dmy.csv"
expect dates-dmy-slash 3 "perfscribe: $T/dmy.csv:2:1: malformed timestamp \"13/01/2026 08:00:00\" (expected MM/DD/YYYY HH:MM:SS.mmm)" "$PS" summary -q "$T/dmy.csv"

# --- 22.4: a cut zone cell (Russian Windows) is read with one warning; --encoding
printf '"(PDH-CSV 4.0) (RTZ 2 (","\\\\M\\\xcf\xf0\xee\xf6\xe5\xf1\xf1\xee\xf0(_Total)\\x"\r\n"03/14/2026 10:00:00.000","1"\r\n' > "$T/rtz.csv"
expect cut-zone 0 "perfscribe: warning: $T/rtz.csv:1:1: time zone cell \"(PDH-CSV 4.0) (RTZ 2 (\" cannot be read (cut short?): zone unknown, times taken as local" "$PS" summary "$T/rtz.csv"
check cut-zone-one-warning [ "$(wc -l < "$T/err")" = 1 ]
check cut-zone-names grep -q 'Процессор(_Total)' "$T/out"
expect encoding-override 0 - "$PS" summary -q --encoding cp1252 "$T/rtz.csv"
check encoding-override-names grep -q 'Ïðîöåññîð(_Total)' "$T/out"
expect encoding-unknown 2 "perfscribe: --encoding: unknown encoding 'klingon' (utf-8, cp1250, cp1251, cp1252, cp1253, cp1254, cp850, cp866, cp932, cp936, cp949, cp950)" "$PS" summary --encoding klingon "$T/rtz.csv"
expect encoding-convert 0 - "$PS" convert --encoding windows-1251 "$T/rtz.csv"
check encoding-convert-names grep -q 'Процессор(_Total)' "$T/out"

exit $fail
