#!/usr/bin/env bash
# analyze --jobs N over a folder tree of logs (one per server and day): the text, JSON, HTML and
# PDF outputs, the warnings and the exit status are byte for byte those of --jobs 1, for N = 2,
# 3 and 16 (16: 32 logs may be ahead, 512 KiB of decoded rows each, so the readers wait for the
# analysis on the big log). The tree, built from the bundled samples: three mailbox servers on
# two days (the sample log with its machine and date rewritten), one of them with a second log
# of the same hours (two logs of one machine merged into the same slices), the English and the
# German file server logs, a .blg without a counter of the rules (its warnings) and a generated
# log of 20,000 rows x 40 counters (bench/gen_csv.py). The analysis covers every log: its rows
# are the data lines of the CSV logs counted here. A bad log in the tree: exit 3 and the same
# message with every N.
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
P=$PERFSCRIBE; S=$PS_SOURCE_DIR
export SOURCE_DATE_EPOCH=1764547200 TZ=UTC LC_ALL=C
fail() { echo "FAIL: $*"; exit 1; }
t=$tmp/fleet
for m in 1 2 3; do
  for d in 13 14; do
    mkdir -p "$t/mbx0$m/2026-01-$d"
    sed -e "s/MBX01/MBX0$m/g" -e "s|01/13/2026|01/$d/2026|g" "$S/samples/perfmon/mbx01-2h.csv" \
      >"$t/mbx0$m/2026-01-$d/perf.csv"
  done
done
cp "$t/mbx02/2026-01-13/perf.csv" "$t/mbx02/2026-01-13/perf-again.csv"
mkdir -p "$t/fs01/2026-12-01" "$t/fs02/2026-12-01" "$t/lab/blg" "$t/bench01"
cp "$S/samples/analyze/server-en.csv" "$t/fs01/2026-12-01/"
cp "$S/samples/analyze/server-de.csv" "$t/fs02/2026-12-01/"
cp "$S/tests/data/blg/synthetic-layout-b.blg" "$t/lab/blg/"
python3 "$S/bench/gen_csv.py" 20000 40 "$t/bench01/gen.csv"
[ "$(grep -c MBX02 "$t/mbx02/2026-01-14/perf.csv")" = 1 ] && grep -q '"01/14/2026 ' "$t/mbx02/2026-01-14/perf.csv" ||
  fail "the tree: machine or date not rewritten"
# rows: every data line of the CSV logs (each has a counter of the system pack; the .blg none)
rows=$(find "$t" -name '*.csv' -exec sh -c 'for f; do tail -n +2 "$f"; done' sh {} + | grep -c '^"')

run() {   # N, out prefix, extra options...
  local n=$1 o=$2 rc
  shift 2
  set +e
  "$P" analyze "$t" --jobs "$n" -o "$o.txt" -o "$o.json" -o "$o.html" -o "$o.pdf" "$@" >"$o.stdout" 2>"$o.err"
  rc=$?
  set -e
  echo "$rc" >"$o.rc"
  sed -i "s|$o|OUT|g" "$o.stdout" # the 'wrote' lines name the files
}
for opts in "" "--interval 600 --rules system --fail-on warning"; do
  # shellcheck disable=SC2086
  run 1 "$tmp/j1" $opts
  [ "$(cat "$tmp/j1.rc")" -le 1 ] || { cat "$tmp/j1.err"; fail "--jobs 1 $opts: exit $(cat "$tmp/j1.rc")"; }
  got=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["rows"])' "$tmp/j1.json")
  [ "$got" = "$rows" ] || fail "--jobs 1 $opts: $got rows analysed, the CSV logs hold $rows"
  grep -q 'synthetic-layout-b.blg: no counter of the rules' "$tmp/j1.err" || fail "no warning for the .blg"
  for n in 2 3 16; do
    # shellcheck disable=SC2086
    run "$n" "$tmp/j$n" $opts
    for x in txt json html pdf stdout err rc; do
      cmp -s "$tmp/j1.$x" "$tmp/j$n.$x" || { diff "$tmp/j1.$x" "$tmp/j$n.$x" | head; fail "--jobs $n $opts: .$x differs from --jobs 1"; }
    done
  done
  echo "ok: --jobs 2, 3, 16 ${opts:+($opts) }= --jobs 1: text, JSON, HTML, PDF, warnings, exit $(cat "$tmp/j1.rc") ($rows rows of $(find "$t" -type f | wc -l) logs)"
done

# a bad log in the middle of the tree: the same error with every N, exit 3
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\H\\Memory\\Available MBytes"\r\n"01/02/2026 10:00:00.000","1"\r\n"01/02/2026 10:00:01.000","x"\r\n' \
  >"$t/fs01/2026-12-01/broken.csv"
for n in 1 2 16; do
  run "$n" "$tmp/b$n"
  [ "$(cat "$tmp/b$n.rc")" = 3 ] || { cat "$tmp/b$n.err"; fail "bad log, --jobs $n: exit $(cat "$tmp/b$n.rc")"; }
  cmp -s "$tmp/b1.err" "$tmp/b$n.err" || { diff "$tmp/b1.err" "$tmp/b$n.err"; fail "bad log, --jobs $n: other messages"; }
done
grep -qx "perfscribe: $t/fs01/2026-12-01/broken.csv:3:[0-9]*: .*" "$tmp/b1.err" || { cat "$tmp/b1.err"; fail "bad log: location"; }
[ ! -e "$tmp/b2.json" ] || fail "bad log: an output written"
echo "ok: a bad log in the tree: exit 3, $(grep -v warning "$tmp/b2.err") with --jobs 1, 2 and 16"
