# Sourced by the hostile-user CLI tests (hostile_user.sh, hostile_pass2.sh): PS, SRC, RUN, LOG,
# a scratch folder as the working directory (removed on exit), and the checks expect,
# same_bytes and only. Sets fail=0; the test ends with `exit $fail`.
set -u
PS=${PERFSCRIBE:?}
case $PS in /*) ;; *) PS=$PWD/$PS ;; esac
SRC=${PS_SOURCE_DIR:?}
RUN=$SRC/samples/jetstress/MBX01
LOG=$SRC/samples/perfmon/mbx01-2h.csv
. "$SRC/tests/lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0

# expect NAME WANT-RC WANT-LAST-STDERR-LINE ("" = stderr must be empty); uses $rc and err
expect() {
    local last
    last=$(tail -n 1 err)
    if [ "$rc" != "$2" ] || [ "$last" != "$3" ]; then
        echo "FAIL: $1: exit $rc, last stderr line: $last"
        echo "      expected exit $2: $3"
        fail=1
    fi
    if grep -qE 'AddressSanitizer|LeakSanitizer|runtime error:' err; then
        echo "FAIL: $1: sanitizer report"; fail=1
    fi
}
# same_bytes NAME FILE SAVED: FILE still holds what SAVED holds
same_bytes() { cmp -s "$2" "$3" || { echo "FAIL: $1: $2 was changed"; fail=1; }; }
# only DIR NAME...: DIR holds exactly these names
only() {
    local d=$1; shift
    local got want=
    got=$(ls -A "$d" | sort | tr '\n' ' ')
    [ $# -gt 0 ] && want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || { echo "FAIL: $d holds '$got', expected '$want'"; fail=1; }
}

