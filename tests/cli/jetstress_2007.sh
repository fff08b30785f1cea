#!/bin/bash
# Jetstress 2007: a LogicalDisk counter log (seconds) next to a 2007 report (tests/data, cp1252):
# drives map to the report rows "Database (M:)" / "Log (L:)", seconds become ms, the 2007 profile
# (maximum 50 ms, 6 samples allowed) judges per-sample maxima.
set -u
R="$PS_SOURCE_DIR/tests/data/jetstress/js2007-cp1252.html"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_fixture "$R"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp "$R" "$T/Stress_2009_2_26_17_40_29.html"
L="$T/Stress_2009_2_26_17_40_29.csv"
M='\\DMRTK-SRVR-I2\LogicalDisk'
printf '"(PDH-CSV 4.0) (Pacific Standard Time)(480)","%s(M:)\\Avg. Disk sec/Read","%s(M:)\\Disk Reads/sec","%s(L:)\\Avg. Disk sec/Write","%s(L:)\\Disk Writes/sec","%s(L:)\\Avg. Disk Bytes/Write"\r\n' "$M" "$M" "$M" "$M" "$M" > "$L"
# 40 samples: M: read latency 7 x 0.055 s + 33 x 0.001 s -> mean 0.418 / 40 = 0.01045 s = 10.45 ms;
# reads 71.512; L: write latency 0.002 s, writes 35.534, 7164.125 bytes per write
for i in $(seq 0 39); do
  lat=0.001; [ $i -lt 7 ] && lat=0.055
  printf '"02/26/2009 18:%02d:%02d.000","%s","71.512","0.002","35.534","7164.125"\r\n' $((i / 4)) $((i % 4 * 15)) $lat >> "$L"
done
"$PERFSCRIBE" jetstress --json "$T" > "$T/out.json" 2> "$T/err" || fail "jetstress: exit $? $(cat "$T/err")"
grep -q '"instance":"Database (M:)","transactional":{"db_read_latency_ms":10.45,' "$T/out.json" || fail "M: figures: $(cat "$T/out.json")"
grep -q '"db_reads_per_sec":71.512' "$T/out.json" || fail "M: reads"
grep -q '"instance":"Log (L:)","transactional":{[^}]*"log_write_latency_ms":2,' "$T/out.json" || fail "L: log write latency"
grep -q '"log_writes_per_sec":35.534,' "$T/out.json" || fail "L: log writes"
"$PERFSCRIBE" jetstress "$T" > "$T/out.txt" 2>/dev/null
grep -q '^  reported             10.000 ' "$T/out.txt" || fail "reported beside recomputed: $(cat "$T/out.txt")"
"$PERFSCRIBE" check "$T" > "$T/check.txt" 2>/dev/null; rc=$?
[ $rc = 1 ] || fail "check: exit $rc"
grep -qxF "DMRTK-SRVR-I2 Stress: FAIL (jetstress-2007/lenient) printed and recomputed verdicts disagree" "$T/check.txt" || fail "verdict line: $(cat "$T/check.txt")"
grep -qxF "  DMRTK-SRVR-I2 Database (M:): 7 samples of database read latency > 50 ms (6 allowed)" "$T/check.txt" || fail "max reason"
grep -qxF "  DMRTK-SRVR-I2: Jetstress printed Pass, recomputed Fail with jetstress-2007/lenient" "$T/check.txt" || fail "printed vs recomputed"
echo ok
