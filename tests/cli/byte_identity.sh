#!/usr/bin/env bash
# Byte identity: every output perfscribe renders (summary, convert, jetstress, check, report
# HTML/PDF and chart layouts, trend, analyze, chart, audit) on every sample of this repository
# and every real sample of ../shared, compared with what a reference build recorded:
#   - text outputs (text, CSV, TSV, JSON, HTML, SVG, JUnit, layouts) of repository samples as
#     readable files tests/data/identity/CASE.expected, so a failure prints a unified diff;
#   - PDF and PNG outputs, and every case on ../shared (whose data must not be copied into the
#     repository), as SHA-256 lines in tests/data/identity.sha256.
# A refactoring must leave every byte unchanged.
#
#   tests/cli/byte_identity.sh             compare (ctest runs this as cli_byte_identity)
#   tests/cli/byte_identity.sh --update    rewrite the expected files and the hash list
#   tests/cli/byte_identity.sh --keep DIR  also keep every output in DIR (to diff two builds)
#
# PERFSCRIBE (the binary), PS_SOURCE_DIR and PS_SHARED_DIR come from ctest; run by hand, from
# the build folder (relative paths are fine):
#   PS_SOURCE_DIR=.. PS_SHARED_DIR=../../shared PERFSCRIBE=$PWD/perfscribe \
#     LC_ALL=C bash ../tests/cli/byte_identity.sh --update
#
# Each case records its exit code, its standard error, a line "--" and its output file (or
# standard output), run from a scratch folder that reaches the inputs through the links src/
# and shared/, so the paths in messages are the same on every machine. SOURCE_DATE_EPOCH, TZ
# and LC_ALL are fixed: PDF, PNG and SVG bytes are then reproducible, and compared as bytes.
# Cases that read ../shared are named shared/...; when ../shared is absent they are left out
# of the comparison (and --update keeps their recorded lines).
#
# When a change is meant to change an output (a new report row, a fixed message), run --update
# and commit the new files with the change; `git status tests/data/identity*` shows which cases
# moved and `git diff` shows how (for PDF/PNG, --keep on the old and new builds).
set -uo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
PS_SHARED_DIR=${PS_SHARED_DIR:-$PS_SOURCE_DIR/../shared}
# Absolute paths: the cases run from a scratch folder.
PERFSCRIBE=$(cd "$(dirname "$PERFSCRIBE")" && pwd)/$(basename "$PERFSCRIBE")
PS_SOURCE_DIR=$(cd "$PS_SOURCE_DIR" && pwd) || exit 1
[ -d "$PS_SHARED_DIR" ] && PS_SHARED_DIR=$(cd "$PS_SHARED_DIR" && pwd)
list="$PS_SOURCE_DIR/tests/data/identity.sha256"   # PDF/PNG and ../shared cases: hashes
expdir="$PS_SOURCE_DIR/tests/data/identity"         # text cases: CASE.expected, readable
suffix=.expected    # not .html/.csv...: the expected files are data, not sources to lint
max_diff_lines=80   # per failing case; lines cut at max_diff_cols characters (base64 images)
max_diff_cols=300
update=0 keep=
while [ $# -gt 0 ]; do
  case $1 in
    --update) update=1 ;;
    --keep) keep=$2; shift ;;
    *) echo "usage: $0 [--update] [--keep DIR]" >&2; exit 2 ;;
  esac
  shift
done
if [ -n "$keep" ]; then mkdir -p "$keep" && keep=$(cd "$keep" && pwd) || exit 1; fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
ln -s "$PS_SOURCE_DIR" src
have_shared=0
if [ -d "$PS_SHARED_DIR/real-samples" ]; then ln -s "$PS_SHARED_DIR" shared; have_shared=1; fi
mkdir out cases
export SOURCE_DATE_EPOCH=1700000000 TZ=UTC LC_ALL=C
: > got

# binary_case NAME: true when NAME is compared by its hash (PDF, PNG, or any ../shared case).
binary_case() {
  case $1 in shared/*|*.pdf|*.png) return 0 ;; *) return 1 ;; esac
}

# run NAME OUT ARGS...: OUT "-" records standard output, else the file out/OUT that ARGS write
# (ARGS name it as out/OUT). Text cases go to cases/NAME, the others' hashes to got.
run() {
  local name=$1 outf=$2; shift 2
  local rc=0
  "$PERFSCRIBE" -q "$@" > stdout 2> stderr || rc=$?
  {
    echo "rc=$rc"
    cat stderr
    echo "--"
    if [ "$outf" = - ]; then cat stdout; elif [ -f "out/$outf" ]; then cat "out/$outf"; else echo "(no output)"; fi
  } > case.bin
  if binary_case "$name"; then
    echo "$(sha256sum < case.bin | cut -c1-64)  $name" >> got
  else
    mkdir -p "cases/$(dirname "$name")"; cp case.bin "cases/$name"
  fi
  if [ -n "$keep" ]; then mkdir -p "$keep/$(dirname "$name")"; cp case.bin "$keep/$name"; fi
  rm -f "out/$outf"
}

S=src/samples
D=src/tests/data
logs=($S/perfmon/mbx01-2h.csv $S/analyze/server-en.csv $S/analyze/server-de.csv
      $S/jetstress/MBX01/Performance_2026_3_14_10_11_2.csv
      $D/csv/*.csv $D/csv/*.tsv $D/csv/codepage/*.csv $D/blg/*.blg)
for f in "${logs[@]}"; do
  n=${f#src/}
  run "summary/$n.txt" - summary "$f"
  run "summary/$n.csv" - summary --format csv "$f"
  run "summary/$n.json" - summary --format json "$f"
  run "convert/$n.csv" x.csv convert "$f" -o out/x.csv
  run "convert/$n.tsv" x.tsv convert "$f" -f tsv -o out/x.tsv
done
run "summary/multi.txt" - summary $S/analyze/server-en.csv $S/analyze/server-de.csv
run "convert/merge-bucket.csv" x.csv convert --bucket 60 $S/analyze/server-en.csv $S/analyze/server-de.csv -o out/x.csv
run "convert/thin.csv" x.csv convert -t 5 --eol lf --digits 6 $S/perfmon/mbx01-2h.csv -o out/x.csv

runs=($S/jetstress $S/trend/gen1-raid10 $S/trend/gen2-raid10 $S/trend/gen2-raid6)
sol=$S/solution/solution.ini
for r in "${runs[@]}"; do
  n=${r#src/}
  run "jetstress/$n.txt" - jetstress "$r"
  run "jetstress/$n.json" - jetstress --json "$r"
  run "check/$n.txt" - check "$r"
  run "check/$n.junit" x.xml check "$r" --junit out/x.xml
  run "check/$n.thresholds.txt" - check --thresholds $S/thresholds/esrp-extra.thresholds "$r"
  run "report/$n.html" x.html report "$r" --solution "$sol" -o out/x.html
  run "report/$n.pdf" x.pdf report "$r" --solution "$sol" -o out/x.pdf
  run "report/$n.layout" - report "$r" --solution "$sol" --dump-layout -o out/y.html
done
run "report/letter-esrp3.pdf" x.pdf report $S/jetstress --esrp 3 --paper letter -o out/x.pdf
run "report/zh-tw.html" x.html report $S/jetstress --solution $S/solution/solution-zh-tw.ini -o out/x.html
run "report/zh-tw.pdf" x.pdf report $S/jetstress --solution $S/solution/solution-zh-tw.ini -o out/x.pdf
for f in $D/jetstress/*.html; do
  run "jetstress/${f#src/}.txt" - jetstress "$f"
done

trend=(gen1=$S/trend/gen1-raid10 gen2=$S/trend/gen2-raid10 raid6=$S/trend/gen2-raid6)
run "trend/samples.txt" - trend "${trend[@]}"
run "trend/samples.json" - trend --format json "${trend[@]}"
run "trend/samples.html" x.html trend "${trend[@]}" -o out/x.html
run "trend/samples.svg" x.svg trend "${trend[@]}" -o out/x.svg
run "trend/samples.pdf" x.pdf trend "${trend[@]}" -o out/x.pdf
run "trend/samples.layout" - trend --dump-layout "${trend[@]}"
run "trend/table.txt" - trend --table $D/trend/generations.csv "${trend[@]}"
run "report/trend.html" x.html report $S/jetstress --trend "${trend[0]}" --trend "${trend[1]}" -o out/x.html

for f in $S/analyze/server-en.csv $S/analyze/server-de.csv $S/perfmon/mbx01-2h.csv; do
  n=${f#src/}
  run "analyze/$n.txt" - analyze "$f"
  run "analyze/$n.json" - analyze --format json "$f"
  run "analyze/$n.html" x.html analyze "$f" -o out/x.html
done
run "analyze/mbx01.pdf" x.pdf analyze $S/perfmon/mbx01-2h.csv -o out/x.pdf

c='\\*\Processor(_Total)\% Processor Time'
for ext in svg png pdf html; do
  run "chart/mbx01.$ext" "x.$ext" chart -c "$c" $S/perfmon/mbx01-2h.csv -o "out/x.$ext"
done
run "chart/overlay.svg" x.svg chart --overlay --bucket 60 -c "$c" $S/analyze/server-en.csv $S/analyze/server-de.csv -o out/x.svg

for p in $D/audit/*-paper.txt; do
  n=${p#src/}
  run "audit/$n.txt" - audit --paper "$p" $S/jetstress
  run "audit/$n.json" - audit --paper "$p" --format json $S/jetstress
done
run "audit/run.txt" - audit $S/jetstress

if [ "$have_shared" = 1 ]; then
  R=shared/real-samples
  for f in $R/csv/* $R/blg/*.blg $R/blg/*.csv $R/blg/*.tsv; do
    n=${f#shared/}
    run "shared/summary/$n.txt" - summary "$f"
    run "shared/summary/$n.json" - summary --format json "$f"
    run "shared/convert/$n.csv" x.csv convert "$f" -o out/x.csv
    run "shared/analyze/$n.txt" - analyze "$f"
  done
  for f in $R/pal-thresholds/*.xml; do
    run "shared/check/${f#shared/}.txt" - check --thresholds "$f" $S/jetstress
  done
  for f in $R/exchange-templates/*.xml $R/pal-thresholds/*.xml; do
    run "shared/analyze/pal/${f#shared/}.txt" - analyze --rules "$f" $S/perfmon/mbx01-2h.csv
  done
fi

# The text cases this run produced, and the expected files recorded (names without suffix).
(cd cases && find . -type f | sed 's|^\./||' | LC_ALL=C sort) > cases.list
if [ -d "$expdir" ]; then
  (cd "$expdir" && find . -type f -name "*$suffix" | sed "s|^\./||; s|$suffix\$||" | LC_ALL=C sort) > expected.list
else
  : > expected.list
fi

if [ "$update" = 1 ]; then
  { [ "$have_shared" = 1 ] || grep '  shared/' "$list" 2>/dev/null; cat got; } | sort -k2 > "$list.new"
  mv "$list.new" "$list"
  # Stale expected files (cases that no longer exist) go; every text case is (re)written.
  LC_ALL=C comm -23 expected.list cases.list | while IFS= read -r n; do rm -f "$expdir/$n$suffix"; done
  while IFS= read -r n; do
    mkdir -p "$expdir/$(dirname "$n")"
    cmp -s "cases/$n" "$expdir/$n$suffix" || cp "cases/$n" "$expdir/$n$suffix"
  done < cases.list
  find "$expdir" -type d -empty -delete
  echo "byte identity: recorded $(wc -l < cases.list) text cases in $expdir and $(wc -l < "$list") hashes in $list"
  exit 0
fi
[ -f "$list" ] || { echo "byte identity: no $list (run with --update on the reference build)" >&2; exit 1; }
[ -s expected.list ] || { echo "byte identity: no expected files in $expdir (run with --update on the reference build)" >&2; exit 1; }
fail=0
if [ "$have_shared" = 1 ]; then sort -k2 "$list" > want; else grep -v '  shared/' "$list" | sort -k2 > want; fi
sort -k2 got > got.sorted
if ! diff -u want got.sorted > diff.txt; then
  echo "byte identity: hashed outputs (PDF, PNG, ../shared) differ from $list (- recorded, + this build):" >&2
  cat diff.txt >&2
  fail=1
fi
LC_ALL=C comm -13 cases.list expected.list | while IFS= read -r n; do
  echo "byte identity: $n: recorded in $expdir but no longer produced" >&2
done
LC_ALL=C comm -23 cases.list expected.list | while IFS= read -r n; do
  echo "byte identity: $n: new case, no $expdir/$n$suffix (run --update)" >&2
done
cmp -s cases.list expected.list || fail=1
ntext=0
while IFS= read -r n; do
  ntext=$((ntext + 1))
  [ -f "$expdir/$n$suffix" ] || continue
  cmp -s "$expdir/$n$suffix" "cases/$n" && continue
  fail=1
  echo "byte identity: $n differs (- recorded, + this build; first $max_diff_lines lines):" >&2
  diff -u --label "recorded/$n" --label "build/$n" "$expdir/$n$suffix" "cases/$n" \
    | head -n "$max_diff_lines" | cut -c1-"$max_diff_cols" >&2
done < cases.list
[ "$fail" = 0 ] || { echo "byte identity: FAILED (a change meant to change outputs: run --update and commit)" >&2; exit 1; }
echo "byte identity: $ntext text cases and $(wc -l < got.sorted) hashed cases identical"
[ "$have_shared" = 1 ] || echo "byte identity: ../shared absent, its cases were not compared"
