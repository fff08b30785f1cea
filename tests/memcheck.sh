#!/usr/bin/env bash
# make memcheck: every Criterion suite and every CLI test under valgrind memcheck.
# Fails on any memory error or definite leak. Usage: tests/memcheck.sh [BUILD_DIR]
set -uo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$build" && pwd)
vg=(valgrind --quiet --trace-children=yes --leak-check=full --errors-for-leak-kinds=definite
    --show-leak-kinds=definite --error-exitcode=99 --suppressions="$root/tests/valgrind.supp")
log=$(mktemp -d)
fail=0 pass=0 skip=0
for t in "$build"/test_*; do
  [ -f "$t" ] && [ -x "$t" ] || continue   # not the suites' scratch folders
  name=$(basename "$t")
  if "${vg[@]}" --log-file="$log/$name.%p.log" "$t" --jobs 1 >"$log/$name.out" 2>&1 && \
     ! grep -l -E 'ERROR SUMMARY: [1-9]|definitely lost: [1-9]|Invalid (read|write)|uninitialised' "$log/$name".*.log >/dev/null 2>&1; then
    pass=$((pass + 1))
  else
    echo "memcheck FAIL: $name"; cat "$log/$name".*.log 2>/dev/null | head -40; tail -5 "$log/$name.out"
    fail=$((fail + 1))
  fi
done
# CLI tests: run perfscribe through a valgrind wrapper
wrapper="$log/perfscribe"
printf '#!/bin/sh\nexec valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 --suppressions=%s --log-file=%s/cli.%%p.log %s "$@"\n' \
  "$root/tests/valgrind.supp" "$log" "$build/perfscribe" >"$wrapper"
chmod +x "$wrapper"
for s in "$root"/tests/cli/*.sh; do
  [ -f "$s" ] || continue
  name=$(basename "$s" .sh)
  (cd "$build" && PERFSCRIBE="$wrapper" PS_SOURCE_DIR="$root" PS_SHARED_DIR="$root/../shared" LC_ALL=C \
     PS_MEMCHECK=1 bash "$s" >"$log/cli_$name.out" 2>&1)
  rc=$?
  if [ $rc = 77 ]; then skip=$((skip + 1)); elif [ $rc = 0 ]; then pass=$((pass + 1)); else
    echo "memcheck FAIL (exit $rc): cli_$name"; tail -20 "$log/cli_$name.out"; fail=$((fail + 1)); fi
done
bad=$(grep -l -E 'ERROR SUMMARY: [1-9]|definitely lost: [1-9]|Invalid (read|write)|uninitialised' "$log"/cli.*.log 2>/dev/null)
if [ -n "$bad" ]; then echo "memcheck: valgrind errors in perfscribe runs:"; cat $bad | head -60; fail=$((fail + 1)); fi
echo "memcheck: $pass passed, $fail failed, $skip skipped (logs in $log)"
[ $fail = 0 ]
