#!/usr/bin/env python3
"""sample_figures.py - test helper for tests/cli/trend_samples.sh: recompute the trend figures
of the bundled runs samples/trend/<run>/ straight from their counter logs (CSV), the way the
generator defines them (window = rows 1..120 of 123, plain means; jetstress-esrp.md 7.2/7.3),
and compare them with `perfscribe trend --format json` and the overlay chart's layout.

    sample_figures.py SAMPLES_DIR TREND_JSON LAYOUT_TXT LABEL=RUN... [--disks LABEL=N...]
"""
import csv
import glob
import json
import math
import os
import re
import sys

WINDOW = range(1, 121)
C = {"rd": "I/O Database Reads/sec", "wr": "I/O Database Writes/sec", "lrd": "I/O Log Reads/sec",
     "lwr": "I/O Log Writes/sec", "mrd": "Database Maintenance IO Reads/sec",
     "rl": "I/O Database Reads Average Latency", "wl": "I/O Database Writes Average Latency",
     "lwl": "I/O Log Writes Average Latency"}


def server(path):
    rows = list(csv.reader(open(path, newline="")))
    head, data = rows[0], rows[1:]
    win = [data[i] for i in WINDOW]
    inst = {}
    for c, h in enumerate(head):
        m = re.search(r"\(JetstressWin/(Instance[^)]*)\)\\(.*)$", h)
        if not m:
            continue
        for k, name in C.items():
            if m.group(2) == name:
                inst.setdefault(m.group(1), {})[k] = c
    mean = {i: {k: sum(float(r[c]) for r in win) / len(win) for k, c in cols.items()} for i, cols in inst.items()}
    series = [sum(float(r[cols["rd"]]) + float(r[cols["wr"]]) for cols in inst.values()) for r in win]
    return mean, series


def run_figures(rundir):
    srv = {}
    for p in sorted(glob.glob(os.path.join(rundir, "*", "Performance_*.csv"))):
        srv[os.path.basename(os.path.dirname(p))] = server(p)
    f = {"achieved_iops": 0.0, "total_iops": 0.0, "mailboxes": 0.0}
    lat = {"db_read_latency_ms": "rl", "db_write_latency_ms": "wl", "log_write_latency_ms": "lwl"}
    for key in lat:
        f[key] = 0.0
    for name, (mean, _) in srv.items():
        ach = sum(m["rd"] + m["wr"] for m in mean.values())
        f["achieved_iops@" + name] = ach
        f["achieved_iops"] += ach
        f["total_iops"] += sum(m["rd"] + m["mrd"] + m["wr"] + m["lrd"] + m["lwr"] for m in mean.values())
        for key, k in lat.items():   # mean over servers of the per-server plain means
            f[key] += sum(m[k] for m in mean.values()) / len(mean) / len(srv)
        cfg = open(os.path.join(rundir, name, "JetstressConfig.xml")).read()
        f["mailboxes"] += float(re.search(r"<MailboxCount>(\d+)</MailboxCount>", cfg).group(1))
    f["iops_per_mailbox"] = f["achieved_iops"] / f["mailboxes"]
    f["iops_per_1000_mailboxes"] = 1000 * f["achieved_iops"] / f["mailboxes"]
    n = min(len(s) for _, s in srv.values())
    f["series"] = [sum(s[k] for _, s in srv.values()) for k in range(n)]
    return f


def half_away(x):
    return math.floor(x + 0.5)


def main():
    samples, json_path, layout_path = sys.argv[1:4]
    labels, disks = [], {}
    args = sys.argv[4:]
    while args:
        a = args.pop(0)
        if a == "--disks":
            k, v = args.pop(0).split("=")
            disks[k] = float(v)
        else:
            labels.append(a.split("="))
    figs = {lab: run_figures(os.path.join(samples, run)) for lab, run in labels}
    for lab, d in disks.items():
        figs[lab]["iops_per_disk"] = figs[lab]["achieved_iops"] / d
    out = json.load(open(json_path))
    assert [l["label"] for l in out["labels"]] == [lab for lab, _ in labels]
    met = {m["key"]: m for m in out["metrics"]}
    base = labels[0][0]
    checked = 0
    for key in ["achieved_iops", "total_iops", "db_read_latency_ms", "db_write_latency_ms", "log_write_latency_ms",
                "iops_per_mailbox", "iops_per_1000_mailboxes", "iops_per_disk", "achieved_iops@MBX01",
                "achieved_iops@MBX02"]:
        m = met[key]
        for i, (lab, _) in enumerate(labels):
            want = figs[lab][key]
            got = m["values"][i]
            assert abs(got - want) <= 1e-9 * abs(want), (key, lab, got, want)
            pct = 100 * want / figs[base][key]
            assert abs(m["relative_percent"][i] - pct) <= 1e-9 * pct, (key, lab)
            cell = m["cells"][i]
            assert cell.startswith("%d%% [" % half_away(pct)), (key, lab, cell, pct)
            checked += 1
    print("%d figures match the CSV recomputation" % checked)
    # overlay: one line per run, first point at x = plot left (relative time 0), y = the summed
    # IOPS of sample 0 on the y axis
    lay = open(layout_path).read()
    px, py, pw, ph = map(float, re.search(r"^plot = (\S+) (\S+) (\S+) (\S+)$", lay, re.M).groups())
    assert re.search(r"^axis\.x\.range = 1970-01-01T00:00:00\.000Z ", lay, re.M), "overlay does not start at 0"
    ymin, ymax = map(float, re.search(r"^axis\.y\.range = (\S+) (\S+) ", lay, re.M).groups())
    for i, (lab, _) in enumerate(labels):
        m = re.search(r"^line\.%d = series %d role \S+ points (\d+): (\S+),(\S+) " % (i, i), lay, re.M)
        assert m, "no line for %s" % lab
        assert int(m.group(1)) == len(figs[lab]["series"]), (lab, m.group(1))
        x0, y0 = float(m.group(2)), float(m.group(3))
        assert abs(x0 - px) < 0.006, (x0, px)
        want_y = py + ph * (ymax - figs[lab]["series"][0]) / (ymax - ymin)
        assert abs(y0 - want_y) < 0.006, (lab, y0, want_y)
    print("overlay: %d lines start at relative time 0 with the summed IOPS of the first sample" % len(labels))


if __name__ == "__main__":
    main()
