#!/usr/bin/env bash
# perfscribe start-up benchmark (issue 20): what every command pays before it reads anything.
# For `--version` and `summary` on the bundled 2-hour sample (250 KB), each binary runs N times;
# the table gives the median and fastest wall time, the CPU time per run (user + sys, from the
# shell's `times`), the shared objects the dynamic loader maps (ldd) and its relocations
# (LD_DEBUG=statistics: a count, so it does not move with the machine's load). Give two
# binaries to compare them (e.g. a build of main and one of the branch):
#
#   bash bench/bench_startup.sh [PERFSCRIBE [OTHER_PERFSCRIBE]]   (N=50 default)
#
# Target: no library that only one path needs (poppler-glib, libpq and their dependencies) is
# mapped at start-up. On a shared machine the times move: the load average is printed with them.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-50}
bins=("${1:-${PERFSCRIBE:-build/perfscribe}}")
[ $# -ge 2 ] && bins+=("$2")
CSV=samples/perfmon/mbx01-2h.csv
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
# user + sys seconds of this shell's finished children: `times` (run in this shell, not in a
# $(...) subshell, which has children of its own) second line, e.g. "0m0.120s 0m0.040s"
child_cpu() { tail -1 "$TIMES" | sed 's/m/ /g; s/s//g' | awk '{ printf "%.4f", $1 * 60 + $2 + $3 * 60 + $4 }'; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs, N=$N"
printf '%-28s %-10s %9s %9s %9s %8s %8s\n' binary command median_ms min_ms cpu_ms objects relocs
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "bench: $b not built (make build)" >&2; exit 2; }
  objs=$(ldd "$b" | grep -c '=>\|ld-linux' || true)
  relocs=$(LD_DEBUG=statistics "$b" --version 2>&1 >/dev/null | awk '/final number of relocations:/ { print $NF; exit }')
  for cmd in version summary; do
    case $cmd in version) args=(--version) ;; summary) args=(summary "$CSV") ;; esac
    "$b" "${args[@]}" >/dev/null   # warm the page cache
    times >"$TIMES"; c0=$(child_cpu)
    walls=()   # start and end stamps; no subprocess but perfscribe inside the loop
    for ((i = 0; i < N; i++)); do
      t0=$EPOCHREALTIME
      "$b" "${args[@]}" >/dev/null
      walls+=("$t0 $EPOCHREALTIME")
    done
    times >"$TIMES"
    cpu=$(echo "$c0 $(child_cpu) $N" | awk '{ printf "%.1f", ($2 - $1) * 1000 / $3 }')
    stats=$(printf '%s\n' "${walls[@]}" | awk '{ printf "%.1f\n", ($2 - $1) * 1000 }' | sort -n | awk '{ a[NR] = $1 } END { printf "%9s %9s", a[int((NR + 1) / 2)], a[1] }')
    printf '%-28s %-10s %s %9s %8s %8s\n' "$(basename "$(dirname "$b")")/$(basename "$b")" "$cmd" "$stats" "$cpu" "$objs" "$relocs"
  done
done
