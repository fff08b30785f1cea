#!/usr/bin/env python3
"""equallogic_table20.py - test helper for tests/cli/trend_equallogic.sh.

    extract SEED TABLE_OUT EXPECT_OUT   Table 20 of the EqualLogic sizing study (third-party text,
                                        read at test time, never copied into the repository) ->
                                        a perfscribe trend table file (absolute figures) and a
                                        JSON list of the printed cells {row, col, pct, value, unit}
    check EXPECT JSON_OUT TEXT_OUT      every printed percentage of the paper and every
                                        percentage perfscribe prints lies in the rounding
                                        interval of jetstress-esrp.md 7.7; values match
"""
import json
import re
import sys

CELL = re.compile(r"(\d+)% \[([\d.,]+) ([A-Za-z]+)\]")
HEAD = re.compile(r"([\d,]+) users (\d+) arrays? / (\d+) hosts?")


def decimals(text):
    return len(text.split(".")[1]) if "." in text else 0


def extract(seed, table_out, expect_out):
    line = next(l for l in open(seed, encoding="utf-8") if l.startswith("Table 20 "))
    heads = list(HEAD.finditer(line))
    assert len(heads) >= 2, "no column headers in Table 20"
    labels = [m.group(0) for m in heads]
    loads = [int(m.group(1).replace(",", "")) for m in heads]
    body = line[heads[-1].end():]
    rows, pos, cur = [], 0, None
    for m in CELL.finditer(body):
        gap = body[pos:m.start()].strip()
        if gap:
            cur = {"title": gap, "cells": []}
            rows.append(cur)
        cur["cells"].append((int(m.group(1)), m.group(2).replace(",", ""), m.group(3)))
        pos = m.end()
    rows = [r for r in rows if len(r["cells"]) == len(labels)]   # truncated rows are left out
    assert len(rows) >= 4, "expected at least 4 complete rows, got %d" % len(rows)
    with open(table_out, "w", encoding="utf-8") as fp:
        fp.write("# extracted from Table 20 at test time\n")
        fp.write("label, Users [load], " + ", ".join("%s [%s]" % (r["title"], r["cells"][0][2]) for r in rows) + "\n")
        for c, lab in enumerate(labels):
            fp.write('"%s", %d, ' % (lab, loads[c]) + ", ".join(r["cells"][c][1] for r in rows) + "\n")
    expect = [{"row": r["title"], "col": c, "label": labels[c], "pct": p, "value": v, "unit": u}
              for r in rows for c, (p, v, u) in enumerate(r["cells"])]
    json.dump({"labels": labels, "cells": expect}, open(expect_out, "w"), indent=1)
    print("%d rows x %d columns" % (len(rows), len(labels)))


def interval(v, dv, b, db):
    """jetstress-esrp.md 7.7, written independently of model/trend/trend.c."""
    hv, hb = 0.5 * 10 ** -dv, 0.5 * 10 ** -db
    return 100 * max(v - hv, 0) / (b + hb) - 0.5, 100 * (v + hv) / (b - hb) + 0.5


def check(expect_path, json_path, text_path):
    exp = json.load(open(expect_path))
    out = json.load(open(json_path))
    text = open(text_path, encoding="utf-8").read()
    metrics = {m["title"]: m for m in out["metrics"]}
    assert [l["label"] for l in out["labels"]] == exp["labels"], out["labels"]
    base = {}
    for e in exp["cells"]:
        if e["col"] == 0:
            base[e["row"]] = e
    n = 0
    for e in exp["cells"]:
        m = metrics[e["row"]]
        b = base[e["row"]]
        v, bv = float(e["value"]), float(b["value"])
        assert abs(m["values"][e["col"]] - v) < 1e-9, (e, m["values"])
        assert abs(m["relative_percent"][e["col"]] - 100 * v / bv) < 1e-9
        lo, hi = interval(v, decimals(e["value"]), bv, decimals(b["value"]))
        assert lo <= e["pct"] <= hi, "paper %s %s: %d%% outside [%.2f, %.2f]" % (e["row"], e["label"], e["pct"], lo, hi)
        cell = m["cells"][e["col"]]
        mm = re.fullmatch(r"(\d+)% \[([\d.]+) ([A-Za-z]+)\]", cell)
        assert mm, cell
        pp = int(mm.group(1))
        assert lo <= pp <= hi, "perfscribe %s: %d%% outside [%.2f, %.2f]" % (cell, pp, lo, hi)
        assert abs(pp - e["pct"]) <= 1, (cell, e["pct"])
        assert mm.group(2) == e["value"] and mm.group(3) == e["unit"], (cell, e)
        assert cell in text, cell
        n += 1
    print("%d cells within their rounding intervals" % n)


if __name__ == "__main__":
    {"extract": extract, "check": check}[sys.argv[1]](*sys.argv[2:])
