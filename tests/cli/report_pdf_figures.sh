#!/usr/bin/env bash
# perfscribe report on the bundled sample run: valid PDF (qpdf --check), and pdftotext shows every
# per-server and aggregate ESRP figure exactly as `perfscribe jetstress --json` gives it,
# formatted with 3 decimals (the way the document prints them).
set -euo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
for t in qpdf pdftotext python3; do
  ps_need_tools "$t"
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run="$PS_SOURCE_DIR/samples/jetstress"
export SOURCE_DATE_EPOCH=1764460800
"$PERFSCRIBE" report "$run" -o "$tmp/r.pdf" -q 2>"$tmp/err"
qpdf --check "$tmp/r.pdf" >/dev/null
if command -v pdffonts >/dev/null; then   # both DejaVu faces embedded (emb = yes)
  [ "$(pdffonts "$tmp/r.pdf" 2>/dev/null | grep -c 'DejaVuSans.*CID TrueType.* yes ')" = 2 ]
fi
pdftotext -layout "$tmp/r.pdf" "$tmp/r.txt" 2>/dev/null
grep -q 'Tested with: ESRP – Storage Version 4.0' "$tmp/r.txt"
grep -q 'November 30, 2025' "$tmp/r.txt"
grep -q 'Page 1 of\|Page 2 of' "$tmp/r.txt"
"$PERFSCRIBE" jetstress "$run" --json -q >"$tmp/js.json" 2>/dev/null
python3 - "$tmp/js.json" "$tmp/r.txt" <<'PY'
import json, re, sys
js = json.load(open(sys.argv[1]))
txt = open(sys.argv[2], encoding="utf-8").read()
txt = txt[txt.rindex(" . . . "):]   # the body: past the last dot leader of the contents and lists
rows = [("Database Disks Transfers/sec", "db_transfers_per_sec"), ("Database Disks Reads/sec", "db_reads_per_sec"),
        ("Database Disks Writes/sec", "db_writes_per_sec"),
        ("Average Database Disk Read Latency (ms)", "db_read_latency_ms"),
        ("Average Database Disk Write Latency (ms)", "db_write_latency_ms"),
        ("Log Disks Writes/sec", "log_writes_per_sec"), ("Average Log Disk Write Latency (ms)", "log_write_latency_ms")]
def table(title):
    i = txt.index(title)
    return txt[i:i + 2500]
def check(block, summ, who):
    for label, key in rows:
        want = "%.3f" % summ[key]
        m = re.search(re.escape(label) + r"\s+(\S+)", block)
        assert m, (who, label)
        assert m.group(1) == want, (who, label, m.group(1), want)
n = 0
for s in js["servers"]:
    if s["test_type"] != "Performance":
        continue
    check(table("Individual Server Metrics: " + s["machine"] + "\n"), s["server"], s["machine"]); n += 1
check(table("Aggregate Performance across all servers Metrics"), js["aggregate"], "aggregate")
w = "%.3f" % js["aggregate"]["db_read_latency_ms_weighted"]
assert "database read " + w + " ms" in txt.replace("\n", " ").replace("  ", " "), w
assert n == 3, n
print("checked", n, "servers and the aggregate")
PY
