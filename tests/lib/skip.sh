# skip.sh - sourced by tests/cli/*.sh: how a test that cannot run says so (docs/testing.md).
#
#   ps_skip REASON           a tool or service the suite needs is missing: prints "SKIP: REASON"
#                            and exits 77 (ctest: skipped); under CI (environment CI set, as
#                            .ci/run does) it prints "FAIL: REASON (CI installs it)" and exits 1
#   ps_skip_optional REASON  missing by design in some places (../shared, Chromium, valgrind in a
#                            sanitizer build): "SKIP: REASON", exit 77, also under CI
#   ps_need_tools TOOL...    ps_skip unless every TOOL is on PATH
#   ps_fixture PATH...       inputs of this repository: a missing one is a failure (exit 1), never
#                            a skip
ps_skip() {
  if [ -n "${CI:-}" ]; then
    echo "FAIL: $1 (CI installs it: a skip here would hide the test)"
    exit 1
  fi
  echo "SKIP: $1"
  exit 77
}
ps_skip_optional() {
  echo "SKIP: $1"
  exit 77
}
ps_need_tools() {
  local t
  for t in "$@"; do
    command -v "$t" > /dev/null 2>&1 || ps_skip "$t not installed"
  done
}
ps_fixture() {
  local f
  for f in "$@"; do
    [ -e "$f" ] || { echo "FAIL: missing fixture $f (part of the repository)"; exit 1; }
  done
}
