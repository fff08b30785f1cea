#!/usr/bin/env python3
"""Write an ESRP v4-style paper text from `perfscribe jetstress --json samples/jetstress`.

usage: gen_sample_paper.py JETSTRESS.json OUTDIR

Writes OUTDIR/sample-clean-paper.txt (every figure consistent: no audit error expected),
OUTDIR/sample-planted-paper.txt (one planted mistake per check kind) and
OUTDIR/sample-planted-expected.txt (one "kind<TAB>line" per plant, line in the planted paper).
The text imitates `pdftotext -layout` output: labels left, values right. The 24-hour Stress
appendix for MBX01 is invented (Performance figures scaled); everything else is the sample run.
Python 3 standard library only; output depends only on the JSON.
"""
import json
import sys


def r3(v):
    return "%.3f" % v


def r1(v):
    return "%.1f" % v


def us_time(iso):
    # "2026-03-14T10:11:17.000" -> "3/14/2026 10:11:17 AM"
    d, t = iso.split("T")
    y, mo, da = (int(x) for x in d.split("-"))
    h, mi, s = t.split(":")
    h = int(h)
    ap = "AM" if h < 12 else "PM"
    h12 = h % 12 or 12
    return "%d/%d/%d %d:%s:%02d %s" % (mo, da, y, h12, mi, int(float(s)), ap)


COLS = ["db_read_latency_ms", "db_write_latency_ms", "db_reads_per_sec", "db_writes_per_sec",
        "db_read_bytes", "db_write_bytes", "log_read_latency_ms", "log_write_latency_ms",
        "log_reads_per_sec", "log_writes_per_sec", "log_read_bytes", "log_write_bytes"]
ROWS = [("Database Disks Transfers/sec", "db_transfers_per_sec"),
        ("Database Disks Reads/sec", "db_reads_per_sec"),
        ("Database Disks Writes/sec", "db_writes_per_sec"),
        ("Average Database Disk Read Latency (ms)", "db_read_latency_ms"),
        ("Average Database Disk Write Latency (ms)", "db_write_latency_ms"),
        ("Log Disks Writes/sec", "log_writes_per_sec"),
        ("Average Log Disk Write Latency (ms)", "log_write_latency_ms")]


class Paper:
    def __init__(self):
        self.lines = []
        self.marks = {}   # plant name -> line number (1-based)

    def add(self, text, mark=None):
        self.lines.append(text)
        if mark:
            self.marks[mark] = len(self.lines)

    def row(self, label, value, mark=None):
        self.add("%-62s %s" % (label, value), mark)


def server_rows(p, srv, name, plants):
    p.add("")
    p.add(name)
    p.add("Database I/O")
    for label, key in ROWS:
        if key == "log_writes_per_sec":
            p.add("Transaction Log I/O")
        v = srv[key]
        mark = None
        text = r3(v)
        if (name, key) in plants:
            text, mark = plants[(name, key)]
        p.row(label, text, mark)


def report(p, s, title, dur, inst, achieved, target, window, result, plants, xml=480, blg=483):
    m = s["machine"]
    p.add("")
    p.add("Appendix: %s %s" % (m, dur))
    p.add("Microsoft Exchange Jetstress 2013")
    p.add(title)
    p.add("Test Summary")
    p.row("Overall Test Result", plants.get((m, "verdict"), (result, None))[0], plants.get((m, "verdict"), (0, None))[1])
    p.row("Machine Name", m)
    p.row("Collection Start Time", us_time(window["start"]))
    p.row("Collection End Time", us_time(window["end"]))
    p.add("Database Sizing and Throughput")
    a, am = plants.get((m, "achieved"), (r3(achieved), None))
    p.row("Achieved Transactional I/O per Second", a, am)
    p.row("Target Transactional I/O per Second", "%d" % target)
    p.add("Transactional I/O Performance")
    for name, vals in inst:
        p.add("%-16s %s" % (name, " ".join(r3(vals[c]) for c in COLS)))
    p.add("Host System Performance")
    p.row("Database Page Fault Stalls/sec", "0.000 0.000 0.000")
    p.add("Test Log")
    st = us_time(window["start"])
    en = us_time(window["end"])
    p.add("%s -- Performance logging started (interval: 15000 ms)." % st)
    p.add("%s -- C:\\Results\\%s.blg has %d samples." % (en, m, blg))
    p.add("%s -- Creating test report..." % en)
    for name, vals in inst:
        for col, word in (("db_read_latency_ms", "Database Reads"), ("log_write_latency_ms", "Log Writes"),
                          ("log_read_latency_ms", "Log Reads")):
            v = r1(vals[col])
            mark = None
            if (m, name, col) in plants:
                v, mark = plants[(m, name, col)]
            p.add("%s -- %s has %s for I/O %s Average Latency." % (en, name, v, word), mark)
    x, xm = plants.get((m, "xml"), (str(xml), None))
    p.add("%s -- C:\\Results\\%s.xml has %s samples queried." % (en, m, x), xm)


def build(d, planted):
    perf = [s for s in d["servers"] if s["test_type"] == "Performance"]
    agg = d["aggregate"]
    mailboxes = sum(int(round(s["server"]["target_transactional_iops"] / 0.2)) for s in perf)
    plants = {}
    if planted:
        s2 = perf[1]["server"]
        plants[("server 2", "db_transfers_per_sec")] = (
            r3((s2["db_reads_per_sec"] + s2["db_writes_per_sec"]) / 2), "transfers-not-sum")
        s3 = perf[2]["server"]
        plants[("server 3", "db_write_latency_ms")] = (r3(s3["db_write_latency_ms"] / 1000), "unit-seconds-as-ms")
        plants[("server 3", "log_writes_per_sec")] = (r3(s3["log_writes_per_sec"] + 5), "instances-vs-total-mismatch")
        plants[("aggregate", "log_writes_per_sec")] = (r3(agg["log_writes_per_sec"] + 10), "aggregate-iops-not-sum")
        plants[("aggregate", "db_read_latency_ms")] = (r3(agg["db_read_latency_ms_weighted"]),
                                                       "aggregate-latency-not-mean")
        plants[(perf[2]["machine"], "achieved")] = ("290.000", "achieved-below-target")
        inst3 = perf[2]["instances"][1]["instance"]
        v = perf[2]["instances"][1]["transactional"]["db_read_latency_ms"] + 1.0
        plants[(perf[2]["machine"], inst3, "db_read_latency_ms")] = (r1(v), "table-vs-log-mismatch")
        plants[(perf[1]["machine"], "xml")] = ("470", "sample-count-mismatch")
        plants[(perf[1]["machine"], "verdict")] = ("Pass", "verdict-inconsistent")
    p = Paper()
    p.add("Contoso Mailbox Server %d Mailbox Resiliency Exchange 2013 Storage Solution" % mailboxes)
    p.add("Tested with: ESRP - Storage Version 4.0")
    p.add("(generated by tests/audit/gen_sample_paper.py from the bundled sample run; not a real paper)")
    p.add("")
    p.add("Simulated Exchange Configuration")
    p.row("Number of Exchange mailboxes simulated", "%d" % mailboxes)
    p.row("Number of Database Availability Groups (DAGs)", "1")
    p.row("Number of servers/DAG", "%d" % len(perf))
    p.row("Simulated profile: I/O's per second per mailbox (IOPS, include 20% headroom)", "0.20")
    p.row("Target IOPS", "800" if planted else "%d" % (mailboxes * 0.2), "target-iops-arithmetic" if planted else None)
    p.add("")
    p.add("Storage Performance Results")
    p.add("Individual Server Metrics")
    # server 1 planted from the Stress figures (wrong-test-used)
    stress_inst = []
    for i in perf[0]["instances"]:
        v = dict(i["reported"]["transactional"])
        for c in ("db_reads_per_sec", "log_writes_per_sec"):
            v[c] = round(v[c] * 0.93, 3)
        v["db_writes_per_sec"] = round(v["db_writes_per_sec"] * 0.95, 3)
        for c in ("db_read_latency_ms", "db_write_latency_ms", "log_write_latency_ms"):
            v[c] = round(v[c] * 1.05, 3)
        stress_inst.append((i["instance"], v))
    for k, s in enumerate(perf):
        srv = dict(s["server"])
        if planted and k == 0:
            def tot(c):
                return sum(v[c] for _, v in stress_inst)
            srv = {"db_reads_per_sec": tot("db_reads_per_sec"), "db_writes_per_sec": tot("db_writes_per_sec"),
                   "log_writes_per_sec": tot("log_writes_per_sec")}
            srv["db_transfers_per_sec"] = srv["db_reads_per_sec"] + srv["db_writes_per_sec"]
            for c in ("db_read_latency_ms", "db_write_latency_ms", "log_write_latency_ms"):
                srv[c] = tot(c) / len(stress_inst)
            plants[("server 1", "db_reads_per_sec")] = (r3(srv["db_reads_per_sec"]), "wrong-test-used")
        server_rows(p, srv, "server %d" % (k + 1), plants)
    p.add("")
    p.add("Aggregate Performance across all servers Metrics")
    server_rows(p, agg, "aggregate", plants)
    p.add("")
    p.add("Relative IOPS and read latency of the three servers (MBX01 = 100%)")
    base = perf[0]["server"]
    cells = []
    for key, unit in (("db_transfers_per_sec", "IOPS"), ("db_read_latency_ms", "msec")):
        row = []
        for k, s in enumerate(perf):
            v = s["server"][key]
            pct = round(100 * v / base[key])
            if planted and k == 1 and key == "db_transfers_per_sec":
                pct += 7
            fmt = "%.0f" if unit == "IOPS" else "%.1f"
            row.append("%d%% [%s %s]" % (pct, fmt % v, unit))
        cells.append(("IOPS" if unit == "IOPS" else "Read latency") + "   " + "   ".join(row))
    p.add(cells[0], "percentage-mismatch" if planted else None)
    p.add(cells[1])
    for s in perf:
        inst = [(i["instance"], i["reported"]["transactional"]) for i in s["instances"]]
        report(p, s, "Performance Test Result Report", "2 Hour Performance", inst,
               s["reported_achieved_transactional_iops"], s["server"]["target_transactional_iops"], s["window"],
               s["jetstress_result"].capitalize() if s["jetstress_result"] != "fail" else
               "Fail - " + "; ".join(s["verdict"]["reasons"]), plants)
    s0 = perf[0]
    window = {"start": "2026-03-15T10:00:00.000", "end": "2026-03-16T10:00:00.000"}
    achieved = sum(v["db_reads_per_sec"] + v["db_writes_per_sec"] for _, v in stress_inst)
    report(p, {"machine": s0["machine"]}, "Stress Test Result Report", "24 Hour Stress", stress_inst, achieved,
           s0["server"]["target_transactional_iops"], window, "Pass", {}, xml=5760, blg=5763)
    return p


def main():
    d = json.load(open(sys.argv[1], encoding="utf-8"))
    out = sys.argv[2]
    clean = build(d, False)
    planted = build(d, True)
    with open(out + "/sample-clean-paper.txt", "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(clean.lines) + "\n")
    with open(out + "/sample-planted-paper.txt", "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(planted.lines) + "\n")
    with open(out + "/sample-planted-expected.txt", "w", encoding="utf-8", newline="\n") as f:
        for kind, line in sorted(planted.marks.items()):
            f.write("%s\t%d\n" % (kind, line))


if __name__ == "__main__":
    main()
