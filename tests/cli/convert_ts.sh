#!/usr/bin/env bash
# convert -f openmetrics / -f influx on a small log whose every line was written out by hand
# (docs/readme/fleet.md, "Names"): the zone's bias (60 min) moves the time stamps to UTC
# (03:04:05.006 local = 1767326645.006 s), a parent/instance#index path, an object without
# instance and without machine, a missing value on each side, label and line-protocol escaping
# (',', '=', ' ', '"'), the same column twice (left out with a warning); usage errors.
set -euo pipefail
: "${PERFSCRIBE:?}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE
fail() { echo "FAIL: $*"; exit 1; }
printf '%s\r\n' '"(PDH-CSV 4.0) (Test Zone)(60)","\\HOST1\Process(svchost#2)\% Processor Time","\\HOST1\Thread(w3wp/3)\Context Switches/sec","\\HOST1\My Obj,x(a=b ""q"")\Bytes # = total","\\HOST1\Process(svchost#2)\% Processor Time","\Memory\Avg. Disk sec/Transfer"' \
  '"01/02/2026 03:04:05.006","1.5","10"," ","1.5","0.25"' \
  '"01/02/2026 03:04:20.006"," ","11","7","2","0.5"' >"$tmp/in.csv"

cat >"$tmp/want.om" <<'X'
# HELP perfmon_process_percent_processor_time \\Process\\% Processor Time
# TYPE perfmon_process_percent_processor_time gauge
perfmon_process_percent_processor_time{machine="HOST1",instance="svchost",index="2"} 1.5 1767326645.006
# HELP perfmon_thread_context_switches_per_second \\Thread\\Context Switches/sec
# TYPE perfmon_thread_context_switches_per_second gauge
perfmon_thread_context_switches_per_second{machine="HOST1",instance="3",parent="w3wp"} 10 1767326645.006
perfmon_thread_context_switches_per_second{machine="HOST1",instance="3",parent="w3wp"} 11 1767326660.006
# HELP perfmon_my_obj_x_bytes_number_total \\My Obj,x\\Bytes # = total
# TYPE perfmon_my_obj_x_bytes_number_total gauge
perfmon_my_obj_x_bytes_number_total{machine="HOST1",instance="a=b \"q\""} 7 1767326660.006
# HELP perfmon_memory_avg_disk_seconds_per_transfer \\Memory\\Avg. Disk sec/Transfer
# TYPE perfmon_memory_avg_disk_seconds_per_transfer gauge
perfmon_memory_avg_disk_seconds_per_transfer 0.25 1767326645.006
perfmon_memory_avg_disk_seconds_per_transfer 0.5 1767326660.006
# EOF
X
cat >"$tmp/want.lp" <<'X'
Process,index=2,instance=svchost,machine=HOST1 %\ Processor\ Time=1.5 1767326645006000000
Thread,instance=3,machine=HOST1,parent=w3wp Context\ Switches/sec=10 1767326645006000000
Memory Avg.\ Disk\ sec/Transfer=0.25 1767326645006000000
Thread,instance=3,machine=HOST1,parent=w3wp Context\ Switches/sec=11 1767326660006000000
My\ Obj\,x,instance=a\=b\ "q",machine=HOST1 Bytes\ #\ \=\ total=7 1767326660006000000
Memory Avg.\ Disk\ sec/Transfer=0.5 1767326660006000000
X
"$P" convert "$tmp/in.csv" -f openmetrics -o "$tmp/got.om" 2>"$tmp/err"
cmp "$tmp/want.om" "$tmp/got.om" || { diff "$tmp/want.om" "$tmp/got.om"; fail "OpenMetrics text"; }
grep -q "warning: column 4 .* names the same series as column 1 .*: left out" "$tmp/err" || fail "no warning: $(cat "$tmp/err")"
"$P" convert -q "$tmp/in.csv" -f influx >"$tmp/got.lp" 2>"$tmp/err"
cmp "$tmp/want.lp" "$tmp/got.lp" || { diff "$tmp/want.lp" "$tmp/got.lp"; fail "line protocol"; }
grep -q "warning: column 4 .* names the same field as column 1 .*: left out" "$tmp/err" || fail "no warning: $(cat "$tmp/err")"
echo "ok: OpenMetrics and line protocol as written by hand"

# the selection of convert applies: -e keeps the first row only (its local time)
"$P" convert -q "$tmp/in.csv" -f influx -e "01/02/2026 03:04:10" 2>/dev/null >"$tmp/first.lp"
head -3 "$tmp/want.lp" | cmp - "$tmp/first.lp" || fail "-e: $(cat "$tmp/first.lp")"
# --bucket 60: one bucket at the first row's time, the means of both rows
"$P" convert -q "$tmp/in.csv" -f influx --bucket 60 2>/dev/null >"$tmp/bucket.lp"
grep -qx 'Thread,instance=3,machine=HOST1,parent=w3wp Context\\ Switches/sec=10.5 1767326645006000000' "$tmp/bucket.lp" ||
  fail "--bucket: $(cat "$tmp/bucket.lp")"
grep -qx 'Memory Avg.\\ Disk\\ sec/Transfer=0.375 1767326645006000000' "$tmp/bucket.lp" || fail "--bucket: $(cat "$tmp/bucket.lp")"
echo "ok: -e and --bucket select as for CSV"

# usage errors: exit 2, one line
set +e
"$P" convert -q "$tmp/in.csv" -f openmetrics -o influx://127.0.0.1:8086/db 2>"$tmp/e1"; r1=$?
"$P" convert -q "$tmp/in.csv" -o influx://127.0.0.1:8086 2>"$tmp/e2"; r2=$?
"$P" convert -q "$tmp/in.csv" -f prometheus 2>"$tmp/e3"; r3=$?
set -e
[ "$r1" = 2 ] && grep -q 'influx://... takes -f influx' "$tmp/e1" || fail "openmetrics to influx://: $r1 $(cat "$tmp/e1")"
[ "$r2" = 2 ] && grep -q 'influx://HOST\[:PORT\]/DATABASE' "$tmp/e2" || fail "no database: $r2 $(cat "$tmp/e2")"
[ "$r3" = 2 ] && grep -q -- "-f: expected csv, tsv, sql, openmetrics or influx, got 'prometheus'" "$tmp/e3" || fail "-f prometheus: $r3 $(cat "$tmp/e3")"
[ ! -e "$tmp/db" ] || fail "something was written"
echo "ok: usage errors"

# libcurl is loaded at the first write only: not linked, and when missing the write alone fails
# with one line naming it, exit 4 (an empty file of its name first on LD_LIBRARY_PATH plays it)
if command -v objdump >/dev/null; then
  ! objdump -p "$P" | awk '$1 == "NEEDED" { print $2 }' | grep -q curl || fail "perfscribe links libcurl"
fi
curl_so=$(grep -aoE 'libcurl\.so\.[0-9]+' "$P" | head -1)
[ -n "$curl_so" ] || fail "no SONAME of libcurl in the binary"
mkdir "$tmp/lib" && : >"$tmp/lib/$curl_so"
set +e
LD_LIBRARY_PATH=$tmp/lib "$P" convert -q "$tmp/in.csv" -o influx://127.0.0.1:8086/db 2>"$tmp/e4"; r4=$?
set -e
[ "$r4" = 4 ] && [ "$(wc -l <"$tmp/e4")" = 1 ] &&
  grep -qF "perfscribe: influx://127.0.0.1:8086/db: writing to InfluxDB needs $curl_so (Debian package libcurl" "$tmp/e4" ||
  fail "without libcurl: exit $r4: $(cat "$tmp/e4")"
LD_LIBRARY_PATH=$tmp/lib "$P" convert -q "$tmp/in.csv" -f influx | cmp - "$tmp/want.lp" || fail "-f influx needs no libcurl"
echo "ok: libcurl loaded at the first write only"
