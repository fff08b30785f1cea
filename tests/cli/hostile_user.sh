#!/usr/bin/env bash
# CLI test: issue 18 (a hostile user's pass) and the output modes of issue 14. Each part names
# its item; every check asserts the exit code and the exact stderr line.
#   1  every file read is an input: --counter-file, --template-dir files, --thresholds,
#      --solution as -o: exit 2, the file unchanged
#   2  SIGTERM/SIGINT/SIGHUP (named temporary file) and SIGKILL (O_TMPFILE) leave nothing behind
#   3,4 /dev/zero as --counter-file (also under a memory limit) and a template linked to
#      /dev/zero: exit 3 (the cap; a template must be a regular file), never a crash
#   11 audit of a UTF-16 paper and of one with no-break spaces and a decimal comma: the same
#      findings as the UTF-8 original
#   15 trend -o on a full device, unreadable run files, missing --template-dir, -o "", check on a
#      plain log
#   16,19 progress bar (on a pseudo-terminal): a few redraws a second, escaped file name
#   14 values near the double range: exact statistics, empty cells for undefined ones
#   17 -q before the command; 18 | head is a quiet end; 19 escaped summary header
#   20 ten thousand junk files: five warnings and "and 9995 more"
#   21 -o through a symbolic link; 22 help/--version on a full standard output
#   issue 14: umask 077 and a replaced 0600 file give 0600; a replaced 0640 file stays 0640
. "${PS_SOURCE_DIR:?}/tests/cli/lib/hostile_common.sh"

python3 "$SRC/bench/gen_csv.py" 60000 20 big.csv >/dev/null || exit 1

# ---- item 1: every file read is an input
printf '\\Memory\\*\n' >cf.csv; cp cf.csv cf.saved
for c in summary convert; do
    "$PS" $c -q "$LOG" --counter-file cf.csv -o cf.csv >/dev/null 2>err; rc=$?
    expect "1: $c --counter-file F -o F" 2 "perfscribe: cf.csv: refusing to overwrite an input file"
    same_bytes "1: $c" cf.csv cf.saved
done
mkdir tpl; printf '<html><body>{{body}}</body></html>\n' >tpl/report.html; cp tpl/report.html tpl.saved
"$PS" report -q "$RUN" --template-dir tpl -o tpl/report.html >/dev/null 2>err; rc=$?
expect "1: report --template-dir D -o D/report.html" 2 "perfscribe: tpl/report.html: refusing to overwrite an input file"
same_bytes "1: template" tpl/report.html tpl.saved
cp "$SRC/samples/thresholds/esrp-extra.thresholds" thr.xml; cp thr.xml thr.saved
"$PS" check -q "$RUN" --thresholds thr.xml --junit thr.xml >/dev/null 2>err; rc=$?
expect "1: check --thresholds F --junit F" 2 "perfscribe: thr.xml: refusing to overwrite an input file"
same_bytes "1: thresholds" thr.xml thr.saved
cp "$SRC/samples/solution/solution.ini" sol.html; cp sol.html sol.saved
cp "$SRC"/samples/solution/*.png "$SRC"/samples/solution/*.jpg .   # the sample's figures and logo
"$PS" report -q "$RUN" --solution sol.html -o sol.html >/dev/null 2>err; rc=$?
expect "1: report --solution F -o F" 2 "perfscribe: sol.html: refusing to overwrite an input file"
same_bytes "1: solution" sol.html sol.saved
# an image the solution file names (here its logo, a PNG saved as .html) is an input too
cp "$SRC/samples/solution/logo.png" logo.html; cp logo.html logo.saved
sed 's/^logo = logo.png/logo = logo.html/' "$SRC/samples/solution/solution.ini" >sol2.ini
"$PS" report -q "$RUN" --solution sol2.ini -o logo.html >/dev/null 2>err; rc=$?
expect "1: report --solution F (logo L) -o L" 2 "perfscribe: logo.html: refusing to overwrite an input file"
same_bytes "1: logo" logo.html logo.saved
rm -f logo.html logo.saved logo.png topology.png lun-layout.jpg sol2.ini

# ---- item 2: a stopped command leaves no temporary file (python starts it: a background job
# of a script would inherit an ignored SIGINT)
stop_after() {   # stop_after SIGNAL DIR ARGS...: run perfscribe, signal it once its output in DIR
                 # is open (named or O_TMPFILE), print its status (negative: ended by the signal)
    python3 - "$@" <<'EOF'
import os, signal, subprocess, sys, time
sig, outdir, argv = getattr(signal, 'SIG' + sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def output_open():
    try:
        fds = os.listdir('/proc/%d/fd' % p.pid)
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink('/proc/%d/fd/%s' % (p.pid, fd)).startswith(outdir + '/'):
                return True
        except OSError:
            pass
    return False
while p.poll() is None and not output_open():
    time.sleep(0.001)
time.sleep(0.05)
p.send_signal(sig)
print(p.wait())
EOF
}
for named in 1 ""; do
    for sig in TERM INT HUP KILL; do
        [ -n "$named" ] && [ $sig = KILL ] && continue   # SIGKILL: only O_TMPFILE leaves nothing
        rm -rf o; mkdir o
        # the same log sixteen times over: enough work to be stopped while writing
        st=$(PERFSCRIBE_NO_TMPFILE=$named stop_after $sig o "$PS" convert -q big.csv big.csv big.csv big.csv \
             big.csv big.csv big.csv big.csv big.csv big.csv big.csv big.csv big.csv big.csv big.csv big.csv -o o/out.csv)
        case $st in -*) ;; *) echo "FAIL: 2: SIG$sig${named:+ (named)}: finished before the signal (status $st)"; fail=1 ;; esac
        only o
    done
done

# ---- items 3, 4: endless inputs stop at their cap
"$PS" summary -q "$LOG" --counter-file /dev/zero >/dev/null 2>err; rc=$?
expect "3: --counter-file /dev/zero" 3 "perfscribe: /dev/zero: counter file larger than 8 MiB (one counter path per line)"
if ldd "$PS" 2>/dev/null | grep -q 'libasan'; then
    echo "SKIP: 3: memory limit (AddressSanitizer needs terabytes of address space)"
else
    (ulimit -v 400000; "$PS" summary -q "$LOG" --counter-file /dev/zero >/dev/null 2>err); rc=$?
    expect "3: --counter-file /dev/zero under a 400 MB limit" 3 "perfscribe: /dev/zero: counter file larger than 8 MiB (one counter path per line)"
fi
mkdir zt; ln -s /dev/zero zt/report.html
"$PS" report -q "$RUN" --template-dir zt -o zt.html >/dev/null 2>err; rc=$?
expect "4: template linked to /dev/zero" 3 "perfscribe: zt/report.html: template is not a regular file (a FIFO, device or terminal)"
only . big.csv cf.csv cf.saved err o sol.html sol.saved thr.saved thr.xml tpl tpl.saved zt

# ---- item 11: paper text as Windows writes it reads like the UTF-8 original
"$PS" audit --paper "$SRC/tests/data/audit/minimal-v2-paper.txt" | sed 's#^[^:]*:##' >base.txt
for p in paper-utf16.txt paper-nbsp-comma.txt; do
    "$PS" audit --paper "$SRC/tests/bad-inputs/$p" 2>err | sed 's#^[^:]*:##' >got.txt; rc=$?
    cmp -s base.txt got.txt || { echo "FAIL: 11: $p: findings differ from the UTF-8 paper"; diff base.txt got.txt | head -5; fail=1; }
    grep -q '32 numbers read' got.txt || { echo "FAIL: 11: $p: not every number read"; fail=1; }
done

# ---- item 15: messages
if [ "$(id -u)" = 0 ] && mknod full.html c 1 7 2>/dev/null; then
    "$PS" trend -q A="$RUN" B="$SRC/samples/jetstress/MBX02" -o full.html >/dev/null 2>err; rc=$?
    expect "15: trend -o full device" 4 "perfscribe: full.html: write error: No space left on device"
    rm -f full.html
    mknod full.png c 1 7
    "$PS" trend -q A="$RUN" B="$SRC/samples/jetstress/MBX02" -o full.png >/dev/null 2>err; rc=$?
    expect "15: trend -o full device .png" 4 "perfscribe: full.png: write error: No space left on device"
    rm -f full.png
else
    echo "SKIP: 15: trend on a full device (mknod needs root)"
fi
"$PS" report -q "$RUN" --template-dir no-such-dir -o r.html >/dev/null 2>err; rc=$?
expect "15: missing --template-dir" 4 "perfscribe: no-such-dir: template directory: No such file or directory"
"$PS" summary -q "$LOG" -o "" >/dev/null 2>err; rc=$?
expect "15: -o ''" 2 "perfscribe: try 'perfscribe summary --help'"
grep -qxF "perfscribe: empty output file name (use -o - for standard output)" err ||
    { echo "FAIL: 15: -o '': $(head -1 err)"; fail=1; }
"$PS" check -q "$LOG" >/dev/null 2>err; rc=$?
grep -q 'no samples in a counter log' err && { echo "FAIL: 15: check on a plain log: 'no samples' although it has 479"; fail=1; }
# a plain server log holds no Jetstress run: check judges it with the analysis rules (analyze)
"$PS" check -q "$LOG" >out 2>err; rc=$?
[ $rc = 0 ] && grep -qxF "perfscribe analyze: pass" out ||
    { echo "FAIL: 15: check on a plain log: exit $rc, $(head -1 out)"; fail=1; }
if [ "$(id -u)" = 0 ] && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    mkdir locked; cp "$RUN"/* locked/; chmod 644 locked/*; cp "$LOG" locked/extra.csv; chmod 000 locked/extra.csv
    setpriv --reuid=65534 --regid=65534 --clear-groups "$PS" jetstress -q locked >/dev/null 2>err; rc=$?
    expect "15: unreadable file in a run" 0 "perfscribe: warning: locked/extra.csv: cannot read (Permission denied), ignored"
    rm -rf locked
else
    echo "SKIP: 15: unreadable files (needs root and setpriv)"
fi

# ---- items 16, 19: the progress bar on a terminal
name=$'ev\e[31mil\nname.csv'
cp big.csv "$name"
python3 - "$PS" "$name" >pty.txt <<'EOF'
import os, pty, select, subprocess, sys, time
m, s = pty.openpty()
t0 = time.monotonic()
p = subprocess.Popen([sys.argv[1], 'summary', '--threads', '1', sys.argv[2]], stdout=subprocess.DEVNULL, stderr=s)
os.close(s)
data = b''
while True:
    r, _, _ = select.select([m], [], [], 0.1)
    if r:
        try:
            chunk = os.read(m, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    elif p.poll() is not None:
        break
p.wait()
secs = time.monotonic() - t0
print(p.returncode, data.count(b'\r['), data.count(b'\r'), int(secs * 5) + 3, int(b'\x1b' in data))
print(data.split(b'\r')[1].decode('utf-8', 'replace'))
EOF
read -r st bars crs limit raw_esc <pty.txt
[ "$st" = 0 ] || { echo "FAIL: 16: summary on a terminal exit $st"; fail=1; }
[ "$crs" -le "$limit" ] || { echo "FAIL: 16: $crs redraws, at most $limit expected"; fail=1; }
[ "$raw_esc" = 0 ] || { echo "FAIL: 19: raw ESC in the progress label"; fail=1; }
grep -qF 'ev\x1b[31mil\x0aname.csv [' pty.txt || { echo "FAIL: 19: progress label: $(sed -n 2p pty.txt)"; fail=1; }
"$PS" summary -q -c '\Processor(0)\*' "$name" 2>err | head -1 >head.txt
grep -qF 'ev\x1b[31mil\x0aname.csv: csv, ' head.txt || { echo "FAIL: 19: summary header: $(cat -v head.txt)"; fail=1; }
rm -f "$name"

# ---- item 17: global options before the command
"$PS" -q summary "$LOG" >/dev/null 2>err; rc=$?
expect "17: -q before the command" 0 ""
"$PS" --bogus summary "$LOG" >/dev/null 2>err; rc=$?
grep -qxF "perfscribe: unknown option before the command '--bogus'" err || { echo "FAIL: 17: --bogus: $(head -1 err)"; fail=1; }

# ---- item 14: values near the double range give the exact mean, standard deviation and
# time-weighted mean (Python fractions, the computation in tests/unit/test_stats_wide.c
# near_double_range: 5e+307, 1.3228756555322954e+308, -3.333333333333333e+307), not inf/null;
# p50 = p95 = p99 = 1e308 within 1 % (the sketch's bucket value); an undefined statistic (one
# value: no standard deviation; even intervals: no time-weighted mean) is an empty CSV cell
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\T\\Huge","\\\\M\\T\\One"\r\n' >huge.csv
printf '"03/14/2026 10:00:00.000","1e308","7"\r\n"03/14/2026 10:00:01.000","-1e308"," "\r\n' >>huge.csv
printf '"03/14/2026 10:00:03.000","1.5e308"," "\r\n' >>huge.csv
"$PS" summary --format csv huge.csv >out 2>err; rc=$?
expect "14: summary near DBL_MAX" 0 ""
want='\\M\T\Huge,M,T,,,,Huge,3,0,-1e+308,1.5e+308,5e+307,1.3228756555322954e+308,9.923390167103167e+307,9.923390167103167e+307,9.923390167103167e+307,-3.333333333333333e+307,2026-03-14T10:00:00.000Z,2026-03-14T10:00:03.000Z
\\M\T\One,M,T,,,,One,1,2,7,7,7,,7,7,7,,2026-03-14T10:00:00.000Z,2026-03-14T10:00:00.000Z'
[ "$(tail -n +2 out)" = "$want" ] || { echo "FAIL: 14: summary near DBL_MAX:"; cat out; fail=1; }
"$PS" summary huge.csv >out 2>err; rc=$?
expect "14: summary text near DBL_MAX" 0 ""
grep -Eq '^\\\\M\\T\\Huge +3 +0 +-1e\+308 +1\.5e\+308 +5e\+307 +1\.32e\+308 +9\.92e\+307 +9\.92e\+307 +9\.92e\+307 +-3\.33e\+307$' out \
  || { echo "FAIL: 14: summary text near DBL_MAX:"; cat out; fail=1; }

# convert --bucket over such values: 1e308 + 1e308 overflows a plain sum; the bucket's mean is
# still 1e+308 (by hand), the other column's (7 + 9) / 2 = 8
printf '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\T\\Huge","\\\\M\\T\\Small"\r\n' >huge2.csv
printf '"03/14/2026 10:00:00.000","1e308","7"\r\n"03/14/2026 10:00:01.000","1e308","9"\r\n' >>huge2.csv
"$PS" convert -q --bucket 10 huge2.csv >out 2>err; rc=$?
expect "14: convert --bucket near DBL_MAX" 0 ""
[ "$(tail -n +2 out)" = "$(printf '"03/14/2026 10:00:00.000","1e+308","8"\r')" ] ||
    { echo "FAIL: 14: convert --bucket near DBL_MAX:"; cat out; fail=1; }

# ---- item 18: a closed pipe is a quiet end
"$PS" convert big.csv 2>err | head -1 >/dev/null; rc=${PIPESTATUS[0]}
expect "18: convert | head -1" 0 ""
"$PS" summary --format csv big.csv 2>err | head -c 10 >/dev/null; rc=${PIPESTATUS[0]}
expect "18: summary | head -c 10" 0 ""

# ---- item 20: ten thousand junk files
mkdir junk; cp "$RUN"/* junk/
python3 -c "
import sys
for i in range(10000):
    open('junk/junk%05d.csv' % i, 'w').write('not a log\n')"
"$PS" jetstress -q junk >/dev/null 2>err; rc=$?
n=$(grep -c 'not a PerfMon counter log, ignored' err)
[ "$n" = 6 ] || { echo "FAIL: 20: $n lines about junk files, 6 expected"; fail=1; }
grep -qxF "perfscribe: warning: and 9995 more: not a PerfMon counter log, ignored" err ||
    { echo "FAIL: 20: no summary line: $(tail -1 err)"; fail=1; }
rm -rf junk

# ---- item 21: -o through a symbolic link
mkdir ln; echo old >ln/real.csv; ln -s real.csv ln/link.csv
"$PS" convert -q "$LOG" -o ln/link.csv 2>err; rc=$?
expect "21: -o link" 0 ""
[ -L ln/link.csv ] || { echo "FAIL: 21: the link was replaced"; fail=1; }
head -c 21 ln/real.csv | grep -q '"(PDH-CSV 4.0)' || { echo "FAIL: 21: the link's target not written"; fail=1; }
only ln link.csv real.csv

# ---- item 22: help and --version on a full standard output
if [ -w /dev/full ]; then
    for c in help --version "summary --help"; do
        "$PS" $c >/dev/full 2>err; rc=$?
        expect "22: $c >/dev/full" 4 "perfscribe: <stdout>: write error: No space left on device"
    done
fi

# ---- issue 14: modes of outputs
rm -f m.txt
(umask 077; "$PS" summary -q "$LOG" -o m.txt)
[ "$(stat -c %a m.txt)" = 600 ] || { echo "FAIL: 14: umask 077 gave $(stat -c %a m.txt)"; fail=1; }
(umask 022; "$PS" summary -q "$LOG" -o m.txt)
[ "$(stat -c %a m.txt)" = 600 ] || { echo "FAIL: 14: a replaced 0600 file became $(stat -c %a m.txt)"; fail=1; }
chmod 640 m.txt
for named in "" 1; do
    (umask 077; PERFSCRIBE_NO_TMPFILE=$named "$PS" summary -q "$LOG" -o m.txt --format csv) || fail=1
    [ "$(stat -c %a m.txt)" = 640 ] || { echo "FAIL: 14: a replaced 0640 file became $(stat -c %a m.txt)"; fail=1; }
done
rm -f m.txt
(umask 022; "$PS" summary -q "$LOG" -o m.txt)
[ "$(stat -c %a m.txt)" = 644 ] || { echo "FAIL: 14: umask 022 gave $(stat -c %a m.txt)"; fail=1; }

[ "$fail" = 0 ] && echo "hostile user: all passed"
exit "$fail"
