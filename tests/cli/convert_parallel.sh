#!/usr/bin/env bash
# convert --threads N: a big PDH-CSV cut into chunks and windows gives the sequential bytes.
# Generated logs of ~13 MB (many 1 MiB chunks, more than the ring holds on 2 threads) with a
# clock set back (time going backwards) and console lines in the middle, -c/-b/-e, a
# decimal-comma file whose first decisive value sits in a later chunk, and a bad cell near the
# end (the error line must be the file's: header, 2,900 rows, the console line, then it), and
# a file of decimal commas that changes to points in a later chunk (that chunk decides for
# points on its own and must be read again as the file's). Each compared with --threads 1:
# stdout, stderr and exit status.
set -u
PS=${PERFSCRIBE:?}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
python3 - "$T" <<'PY'
import sys, random
d = sys.argv[1]
r = random.Random(7)
def log(name, rows, cols, dec=".", bad_at=None, first_plain=0, points_from=None):
    with open(f"{d}/{name}", "w", newline="") as f:
        f.write('"(PDH-CSV 4.0) (Pacific Standard Time)(480)",' +
                ",".join(f'"\\\\H\\Obj({c // 5})\\Ctr {c % 5}"' for c in range(cols)) + "\r\n")
        for i in range(rows):
            s = i if i < rows // 2 else i - 600    # ten minutes back half-way (a clock set back)
            h, m, sec = 1 + s // 3600 % 20, s // 60 % 60, s % 60
            if i == rows // 3:
                f.write("The command completed successfully.\r\n")
            cells = []
            for c in range(cols):
                if i < first_plain:
                    v = str(r.randrange(1000))
                elif r.random() < 0.03:
                    v = " "
                else:
                    v = "%.17g" % (r.lognormvariate(0, 3) * 10)
                    v = v.replace(".", "." if points_from is not None and i >= points_from else dec)
                cells.append('"%s"' % ("x1" if bad_at == i and c == 7 else v))
            f.write('"11/05/2023 %02d:%02d:%02d.250",' % (h, m, sec) + ",".join(cells) + "\r\n")
log("big.csv", 3000, 220)
log("comma.csv", 3000, 220, dec=",", first_plain=1500)
log("bad.csv", 3000, 220, bad_at=2900)
log("mixed.csv", 3000, 220, dec=",", first_plain=1000, points_from=2500)
PY
[ "$(stat -c %s "$T/big.csv")" -gt 12000000 ] || fail "generated log too small"
n=0
same() {   # ARGS...: convert with --threads 1 and with 2 and 3, everything compared
  "$PS" convert -q --threads 1 "$@" > "$T/a" 2> "$T/ae"; echo "rc=$?" >> "$T/ae"
  for t in 2 3; do
    "$PS" convert -q --threads $t "$@" > "$T/b" 2> "$T/be"; echo "rc=$?" >> "$T/be"
    cmp -s "$T/a" "$T/b" || fail "output differs with --threads $t: $*"
    cmp -s "$T/ae" "$T/be" || { diff "$T/ae" "$T/be"; fail "messages differ with --threads $t: $*"; }
    n=$((n + 1))
  done
}
same "$T/big.csv" -f tsv
grep -q "time stamps go backwards" "$T/ae" || fail "no backwards warning"
grep -q "skipped 1 console message line(s), first at line 1002" "$T/ae" || fail "console line: $(cat "$T/ae")"
[ "$(wc -l < "$T/a")" -eq 3001 ] || fail "rows: $(wc -l < "$T/a")"
same "$T/big.csv" -f csv --eol lf -c '\\H\Obj(3)\*' -b "11/5/2023 1:10:00" -e "11/5/2023 1:30:00"
[ "$(head -1 "$T/a" | tr ',' '\n' | wc -l)" -eq 6 ] || fail "filtered columns"
same "$T/comma.csv" -f csv
grep -q '"0,' "$T/a" && fail "decimal comma written"
same "$T/mixed.csv" -f csv
grep -q "rc=3" "$T/ae" || fail "points after decimal commas: $(cat "$T/ae")"
same "$T/bad.csv" -f csv
grep -q "bad.csv:2903:" "$T/ae" || fail "error line: $(cat "$T/ae")"
grep -q "rc=3" "$T/ae" || fail "exit status"
echo "ok ($n comparisons)"
