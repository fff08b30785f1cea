#!/usr/bin/env bash
# CLI test: outputs are safe and failures are clean.
#   1. a full disk: standard output on /dev/full and -o on a character device (the device node
#      must survive: it is written in place, never replaced by a renamed temporary file), and
#      -o on a tiny full tmpfs (skipped when mount is not permitted): exit 4, one clear
#      "perfscribe: FILE: write error: No space left on device" line, nothing left behind;
#   2. a closed standard output (>&-): exit 4 with a message;
#   3. EACCES: -o into a read-only folder (as root the command runs as nobody through setpriv;
#      skipped when that is not possible): exit 4, "cannot create output: Permission denied";
#   4. refusing to overwrite an input (same path, another spelling, a hard link, a symbolic link):
#      exit 2, the input unchanged;
#   5. a failing command never touches an existing output file and leaves no temporary file;
#   6. strings from inputs are escaped in HTML and PDF text (solution values with markup and
#      PDF string delimiters; the PDF stays valid for qpdf when it is installed).
set -u
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
RUN=$SRC/samples/jetstress/MBX01
CSV=$SRC/tests/data/csv/basic.csv
PAPER=$SRC/tests/data/audit/minimal-v2-paper.txt
tmp=$(mktemp -d)
chmod 755 "$tmp"
tiny=
cleanup() {
    [ -n "$tiny" ] && umount "$tiny" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
fail=0 skipped=0
ENOSPC="No space left on device"

# check NAME WANT-RC WANT-LAST-STDERR-LINE  (uses $rc and $tmp/err of the previous run)
check() {
    local last
    last=$(tail -n 1 "$tmp/err")
    if [ "$rc" != "$2" ] || [ "$last" != "$3" ]; then
        echo "FAIL: $1: exit $rc, last stderr line: $last"
        echo "      expected exit $2: $3"
        fail=1
    fi
    if grep -qE 'AddressSanitizer|LeakSanitizer|runtime error:|^==[0-9]+==' "$tmp/err"; then
        echo "FAIL: $1: sanitizer report"; fail=1
    fi
}
# only_files DIR NAME... : DIR holds exactly these names (no temporary file left)
only_files() {
    local d=$1; shift
    local got want
    got=$(ls -A "$d" | sort | tr '\n' ' ')
    want=
    [ $# -gt 0 ] && want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$got" = "$want" ] || { echo "FAIL: $d holds '$got', expected '$want'"; fail=1; }
}

# ---- 1. full disk: standard output on /dev/full
if [ -w /dev/full ]; then
    for c in "summary $CSV" "convert $CSV" "jetstress $RUN" "check $RUN" "audit --paper $PAPER" \
             "trend A=$RUN B=$SRC/samples/jetstress/MBX02"; do
        set -- $c
        $PS "$1" -q "${@:2}" >/dev/full 2>"$tmp/err"; rc=$?
        check "${c%% *} >/dev/full" 4 "perfscribe: <stdout>: write error: $ENOSPC"
    done
else
    echo "SKIP: no writable /dev/full"; skipped=1
fi

# -o on a character device: written in place (a device node of our own when root may mknod)
dev=/dev/full
if [ "$(id -u)" = 0 ] && mknod "$tmp/full" c 1 7 2>/dev/null; then
    dev=$tmp/full
fi
if [ -c "$dev" ] && [ -w "$dev" ]; then
    for c in "summary $CSV" "convert $CSV -f csv" "jetstress $RUN" "audit --paper $PAPER"; do
        $PS $c -q -o "$dev" >/dev/null 2>"$tmp/err"; rc=$?
        check "${c%% *} -o $dev" 4 "perfscribe: $dev: write error: $ENOSPC"
        [ -c "$dev" ] || { echo "FAIL: ${c%% *} -o $dev replaced the device node"; fail=1; break; }
    done
    $PS check "$RUN" -q --junit "$dev" >/dev/null 2>"$tmp/err"; rc=$?
    check "check --junit $dev" 4 "perfscribe: $dev: write error: $ENOSPC"
    [ -c "$dev" ] || { echo "FAIL: check --junit $dev replaced the device node"; fail=1; }
fi

# -o on a tiny tmpfs that is full
mkdir -p "$tmp/tiny"
if mount -t tmpfs -o size=64k tmpfs "$tmp/tiny" 2>/dev/null; then
    tiny=$tmp/tiny
    head -c 61440 /dev/zero >"$tiny/filler" 2>/dev/null
    $PS summary "$SRC/samples/perfmon/mbx01-2h.csv" -q -o "$tiny/s.txt" 2>"$tmp/err"; rc=$?
    check "summary -o full tmpfs" 4 "perfscribe: $tiny/s.txt: write error: $ENOSPC"
    only_files "$tiny" filler
    $PS convert "$SRC/samples/perfmon/mbx01-2h.csv" -q -o "$tiny/c.csv" 2>"$tmp/err"; rc=$?
    # FINDING F12: convert says "cannot write" without the reason
    if [ "$rc" != 4 ]; then
        echo "FAIL: convert -o full tmpfs: exit $rc"; fail=1
    elif [ "$(tail -n 1 "$tmp/err")" != "perfscribe: $tiny/c.csv: write error: $ENOSPC" ]; then
        echo "XFAIL (F12): convert -o full tmpfs: $(tail -n 1 "$tmp/err")"
    fi
    only_files "$tiny" filler
    for f in r.html r.pdf; do
        $PS report "$RUN" -q -o "$tiny/$f" 2>"$tmp/err"; rc=$?
        # FINDING F11: the report command says only "write error" (no file, no reason)
        if [ "$rc" != 4 ]; then
            echo "FAIL: report -o full tmpfs $f: exit $rc"; fail=1
        elif [ "$(tail -n 1 "$tmp/err")" != "perfscribe: $tiny/$f: write error: $ENOSPC" ]; then
            echo "XFAIL (F11): report -o full tmpfs $f: $(tail -n 1 "$tmp/err")"
        fi
        only_files "$tiny" filler
    done
    umount "$tiny" && tiny=
else
    echo "SKIP: mount not permitted (tiny tmpfs part)"; skipped=1
fi

# ---- 2. closed standard output (not under valgrind: its log file takes descriptor 1)
[ -n "${PS_MEMCHECK:-}" ] || for c in "summary $CSV" "jetstress $RUN" "audit --paper $PAPER"; do
    $PS $c -q >&- 2>"$tmp/err"; rc=$?
    check "${c%% *} >&-" 4 "perfscribe: <stdout>: write error: Bad file descriptor"
done

# ---- 3. EACCES: -o into a read-only folder
mkdir -p "$tmp/ro"
chmod 555 "$tmp/ro"
as_user=()
if [ "$(id -u)" = 0 ]; then
    if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null &&
       setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$PS" -a -r "$CSV"; then
        as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    else
        echo "SKIP: running as root without a usable setpriv (EACCES part)"; skipped=1; as_user=(none)
    fi
fi
if [ "${as_user[0]:-}" != none ]; then
    for c in "summary $CSV" "jetstress $RUN" "audit --paper $PAPER"; do
        "${as_user[@]}" $PS $c -q -o "$tmp/ro/out.txt" 2>"$tmp/err"; rc=$?
        check "${c%% *} -o read-only" 4 "perfscribe: $tmp/ro/out.txt: cannot create output: Permission denied"
    done
    "${as_user[@]}" $PS report "$RUN" -q -o "$tmp/ro/r.html" 2>"$tmp/err"; rc=$?
    check "report -o read-only" 4 "perfscribe: $tmp/ro/r.html: cannot create output: Permission denied"
    only_files "$tmp/ro"
fi

# ---- 4. refusing to overwrite an input
mkdir -p "$tmp/in/sub"
cp "$CSV" "$tmp/in/a.csv"
cp "$PAPER" "$tmp/in/paper.txt"
ln "$tmp/in/a.csv" "$tmp/in/hard.csv"
ln -s a.csv "$tmp/in/sym.csv"
sum_before=$(cksum <"$tmp/in/a.csv")
for o in "$tmp/in/a.csv" "$tmp/in/sub/../a.csv" "$tmp/in/hard.csv" "$tmp/in/sym.csv"; do
    $PS summary "$tmp/in/a.csv" -q -o "$o" 2>"$tmp/err"; rc=$?
    check "summary -o input ($o)" 2 "perfscribe: $o: refusing to overwrite an input file"
    $PS convert "$tmp/in/a.csv" -q -f csv -o "$o" 2>"$tmp/err"; rc=$?
    check "convert -o input ($o)" 2 "perfscribe: $o: refusing to overwrite an input file"
done
[ "$(cksum <"$tmp/in/a.csv")" = "$sum_before" ] || { echo "FAIL: an input was changed"; fail=1; }
[ -L "$tmp/in/sym.csv" ] || { echo "FAIL: the symbolic link to an input was replaced"; fail=1; }
$PS audit --paper "$tmp/in/paper.txt" -q -o "$tmp/in/paper.txt" 2>"$tmp/err"; rc=$?
check "audit -o paper" 2 "perfscribe: $tmp/in/paper.txt: refusing to overwrite an input file"
cmp -s "$PAPER" "$tmp/in/paper.txt" || { echo "FAIL: audit changed its paper"; fail=1; }
only_files "$tmp/in" a.csv hard.csv sym.csv paper.txt sub

# files found inside a RUN folder are inputs too (F27: refused since readers note what they read;
# the --thresholds file of check --junit is still open)
mkdir -p "$tmp/run"
cp "$RUN"/* "$tmp/run/"
cp "$SRC/samples/thresholds/esrp-extra.thresholds" "$tmp/run.thresholds"
for c in "jetstress $tmp/run -q -o $tmp/run/Performance_2026_3_14_10_11_2.csv" \
         "jetstress $tmp/run -q -o $tmp/run/JetstressConfig.xml" \
         "report $tmp/run -q -o $tmp/run/Performance_2026_3_14_10_11_2.html" \
         "audit $tmp/run -q --format html -o $tmp/run/Performance_2026_3_14_10_11_2.html" \
         "check $tmp/run -q --thresholds $tmp/run.thresholds --junit $tmp/run.thresholds"; do
    set -- $c
    $PS "$@" >/dev/null 2>"$tmp/err"; rc=$?
    out=${c##* }
    orig=$RUN/$(basename "$out")
    [ "$out" = "$tmp/run.thresholds" ] && orig=$SRC/samples/thresholds/esrp-extra.thresholds
    kept=overwritten
    cmp -s "$out" "$orig" && kept=kept
    if [ "$rc" != 2 ] || [ "$(tail -n 1 "$tmp/err")" != "perfscribe: $out: refusing to overwrite an input file" ] ||
       [ "$kept" != kept ]; then
        if [ "$1" = check ]; then
            echo "XFAIL (F27): $1 ... -o $(basename "$out"): exit $rc, the input $kept"
        else
            echo "FAIL: $1 ... -o $(basename "$out"): exit $rc, the input $kept: $(tail -n 1 "$tmp/err")"; fail=1
        fi
    fi
    cp "$RUN"/* "$tmp/run/"
    cp "$SRC/samples/thresholds/esrp-extra.thresholds" "$tmp/run.thresholds"
done

# ---- 5. a failing command leaves an existing output alone and no temporary file
mkdir -p "$tmp/keep"
printf 'OLD\n' >"$tmp/keep/out.json"
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\A\\x"\n"01/01/2024 00:00:00.000","1e999"\n' >"$tmp/bad.csv"
$PS summary "$tmp/bad.csv" -q -o "$tmp/keep/out.json" 2>"$tmp/err"; rc=$?
check "summary bad input -o existing" 3 "perfscribe: $tmp/bad.csv:2:27: malformed number \"1e999\" in column 2"
[ "$(cat "$tmp/keep/out.json")" = OLD ] || { echo "FAIL: failing summary touched its output"; fail=1; }
$PS report "$RUN" -q --solution "$tmp/bad.csv" -o "$tmp/keep/r.html" 2>"$tmp/err"; rc=$?
[ "$rc" = 3 ] || { echo "FAIL: report with a bad solution file: exit $rc"; fail=1; }
only_files "$tmp/keep" out.json
# and a successful one replaces it whole (rename), leaving no temporary file
$PS summary "$CSV" -q --format json -o "$tmp/keep/out.json" 2>"$tmp/err"; rc=$?
check "summary -o existing" 0 ""
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/keep/out.json" 2>/dev/null ||
    { echo "FAIL: summary -o did not write whole JSON"; fail=1; }
only_files "$tmp/keep" out.json

# ---- 6. escaping in HTML and PDF text
printf '[document]\nvendor = Evil) Tj (x) \\ <script>alert(1)</script> & "q" %s\nproduct = </title><img src=x onerror=alert(1)>\n' \
    "'s'" >"$tmp/evil.ini"
$PS report "$RUN" -q --solution "$tmp/evil.ini" -o "$tmp/e.html" -o "$tmp/e.pdf" 2>"$tmp/err"; rc=$?
[ "$rc" = 0 ] || { echo "FAIL: report with markup in the solution: exit $rc: $(tail -n 1 "$tmp/err")"; fail=1; }
if grep -qE '<script>alert|<img src=x|</title><img' "$tmp/e.html"; then
    echo "FAIL: markup from the solution file reached the HTML unescaped"; fail=1
fi
grep -qF 'Evil) Tj (x) \ &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;s&#39;' "$tmp/e.html" ||
    grep -qF 'Evil) Tj (x) \ &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#x27;s&#x27;' "$tmp/e.html" ||
    { echo "FAIL: escaped vendor text not found in the HTML"; fail=1; }
if command -v qpdf >/dev/null; then
    qpdf --check "$tmp/e.pdf" >/dev/null 2>&1 || { echo "FAIL: qpdf --check rejects the PDF"; fail=1; }
fi
if command -v pdftotext >/dev/null; then
    pdftotext "$tmp/e.pdf" - 2>/dev/null | grep -qF "Evil) Tj (x) \\ <script>alert(1)</script>" ||
        { echo "FAIL: the vendor text is not literal text of the PDF"; fail=1; }
fi

[ "$fail" = 0 ] && echo "safe outputs: all checks passed$([ "$skipped" = 1 ] && echo ' (some parts skipped)')"
exit $fail
