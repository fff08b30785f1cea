#!/usr/bin/env bash
# A .blg cut short before its first PerfMon record: `perfscribe summary cut.blg` exits 3 with one
# line `perfscribe: FILE: ETW trace without PerfMon counter data: the file ends at byte N (0xN) ...`
# that says where the file ends and that it is truncated. The bundled sample (samples/) and every
# real log of ../shared/real-samples/blg (read in place; skipped when absent) are cut at 2048
# bytes (inside their header buffer) and at exactly one buffer of S bytes (S = the u32 at offset
# 0, the ETW buffer size): the header buffer alone.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
R=${PS_SHARED_DIR:-../shared}/real-samples/blg
logs=("$PS_SOURCE_DIR"/samples/jetstress/MBX01/Stress/*.blg)
real=0
for f in PS_CounterSamples.blg PS_BadCounterSamples.blg Tx_BasicPerfCounters.blg PAL_SamplePerfmonLog.blg; do
  [ -f "$R/$f" ] && logs+=("$R/$f") && real=$((real + 1))
done
n=0
for log in "${logs[@]}"; do
  S=$(python3 -c 'import struct, sys; print(struct.unpack("<I", open(sys.argv[1], "rb").read(4))[0])' "$log")
  for at in 2048 "$S"; do
    cut=$tmp/$(basename "$log" .blg)-$at.blg
    head -c "$at" "$log" >"$cut"
    set +e
    "$PERFSCRIBE" summary "$cut" >"$tmp/out" 2>"$tmp/err"; rc=$?
    set -e
    [ "$rc" = 3 ] || { cat "$tmp/err"; fail "$cut: exit $rc, want 3"; }
    [ ! -s "$tmp/out" ] || fail "$cut: output on stdout"
    hex=$(printf '0x%x' "$at")
    want="perfscribe: $cut: ETW trace without PerfMon counter data: the file ends at byte $at ($hex) "
    last=$(tail -1 "$tmp/err")
    case $last in "$want"*) ;; *) fail "$cut: last line: $last (want: $want...)" ;; esac
    if [ "$at" = "$S" ]; then
      case $last in *" after 1 ETW buffer of $S bytes, holding only the log-file header: "*) ;;
        *) fail "$cut: not one buffer: $last" ;; esac
    else
      case $last in *"inside its first ETW buffer of $S bytes"*"; the file is truncated: its size is not a multiple of the buffer size"*) ;;
        *) fail "$cut: not truncated inside buffer 0: $last" ;; esac
    fi
    case $last in *truncated*) ;; *) fail "$cut: the cut is not named: $last" ;; esac
    n=$((n + 1))
  done
done
echo "$n cut logs refused with their end offset ($real real samples)"
[ "$real" -gt 0 ] || ps_skip_optional "../shared/real-samples not present (the bundled sample passed)"
