#!/usr/bin/env python3
"""What a time-series engine holds after perfscribe's export, against perfscribe's own CSV and
summary (tests/cli/convert_ts_engines.sh):

    ts_verify.py REF.csv SUMMARY.json prom DUMP.txt      promtool tsdb dump output
    ts_verify.py REF.csv SUMMARY.json influx HTTP DB     an InfluxDB 1.x server's /query API

REF.csv is `convert -f csv --eol lf` of the same inputs, SUMMARY.json `summary --format json` of
them. Every column of REF must be one series (Prometheus) or one field of one point series
(InfluxDB) holding exactly its values at exactly its UTC time stamps, and as many as summary
counted. The names are derived here from the rule in docs/readme/fleet.md, written again
independently of the C code. Prints one line per series checked; exit 1 on any difference."""
import csv
import datetime
import json
import re
import sys
import urllib.parse
import urllib.request

LATIN1 = dict(zip("àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿß",
                  "a a a a ae a ae c e e e e i i i i d n o o o o oe o u u u ue y th y ss".split()))


def name_part(s):
    s = s.lower()
    s = s.replace("%", " percent ").replace("#", " number ")
    s = re.sub(r"/sec(?![a-z0-9])", " per second ", s)
    s = s.replace("/", " per ")
    s = re.sub(r"(?<![a-z0-9])sec(?![a-z0-9])", "seconds", s)
    s = "".join(LATIN1.get(c, c) for c in s)
    s = re.sub(r"[^a-z0-9]+", "_", s).strip("_")
    return s or "unnamed"


PATH = re.compile(r"^(?:\\\\([^\\]+))?\\([^\\(]+)(?:\((.*)\))?\\(.+)$")


def parse_path(p):
    m = PATH.match(p)
    if not m:
        raise SystemExit(f"ts_verify: not a counter path: {p}")
    machine, obj, inst, counter = m.groups()
    parts = {"machine": machine}
    if inst is not None:
        parent = None
        if "/" in inst:
            parent, inst = inst.split("/", 1)
        index = None
        mi = re.search(r"#(\d+)$", inst)
        if mi:
            index, inst = mi.group(1), inst[: mi.start()]
        parts.update(instance=inst, parent=parent, index=index)
    return obj, counter, {k: v for k, v in parts.items() if v}


def read_ref(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    bias = re.search(r"\((-?\d+)\)\s*$", head[0])
    bias_ms = int(bias.group(1)) * 60000 if bias else 0
    cols = [[] for _ in head[1:]]
    for r in rows[1:]:
        t = datetime.datetime.strptime(r[0], "%m/%d/%Y %H:%M:%S.%f").replace(tzinfo=datetime.timezone.utc)
        ms = int(t.timestamp() * 1000 + 0.5) + bias_ms
        for j, cell in enumerate(r[1:]):
            if cell.strip():
                cols[j].append((ms, float(cell)))
    return head[1:], cols


def iso_ms(s):
    t = datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
    return int(t.timestamp() * 1000 + 0.5)


def main():
    ref, summary, kind = sys.argv[1], sys.argv[2], sys.argv[3]
    paths, cols = read_ref(ref)
    with open(summary, encoding="utf-8") as f:
        counters = {c["path"].lower(): c for c in json.load(f)["counters"]}
    bad = 0
    got = {}
    if kind == "prom":
        line = re.compile(r"^\{(.*)\} (\S+) (-?\d+)$")
        label = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
        with open(sys.argv[4], encoding="utf-8") as f:
            for ln in f:
                m = line.match(ln.rstrip("\n"))
                if not m:
                    raise SystemExit(f"ts_verify: unexpected dump line: {ln!r}")
                labels = dict((k, v.replace('\\"', '"').replace("\\\\", "\\")) for k, v in label.findall(m.group(1)))
                key = (labels.pop("__name__"), tuple(sorted(labels.items())))
                got.setdefault(key, []).append((int(m.group(3)), float(m.group(2))))
    else:
        http, db = sys.argv[4], sys.argv[5]
        measurements = sorted({parse_path(p)[0] for p in paths})
        for meas in measurements:
            q = urllib.parse.urlencode({"db": db, "epoch": "ns", "q": 'SELECT * FROM "%s" GROUP BY *' % meas.replace('"', '\\"')})
            res = json.load(urllib.request.urlopen(f"{http}/query?{q}"))["results"][0]
            for s in res.get("series", []):
                tags = tuple(sorted((k, v) for k, v in s.get("tags", {}).items() if v))
                colnames = s["columns"]
                for row in s["values"]:
                    for c, v in zip(colnames[1:], row[1:]):
                        if v is not None:
                            if row[0] % 1000000:
                                raise SystemExit(f"ts_verify: time stamp not on a millisecond: {row[0]}")
                            got.setdefault((meas, tags, c), []).append((row[0] // 1000000, float(v)))
            # count(*) per field, as the acceptance asks
            q = urllib.parse.urlencode({"db": db, "q": 'SELECT count(*) FROM "%s" GROUP BY *' % meas.replace('"', '\\"')})
            res = json.load(urllib.request.urlopen(f"{http}/query?{q}"))["results"][0]
            for s in res.get("series", []):
                tags = tuple(sorted((k, v) for k, v in s.get("tags", {}).items() if v))
                for c, v in zip(s["columns"][1:], s["values"][0][1:]):
                    if v:
                        got.setdefault(("count", meas, tags, c[len("count_"):]), v)
    seen = set()
    for p, col in zip(paths, cols):
        obj, counter, labels = parse_path(p)
        tags = tuple(sorted(labels.items()))
        key = ("perfmon_" + name_part(obj) + "_" + name_part(counter), tags) if kind == "prom" else (obj, tags, counter)
        seen.add(key)
        have = sorted(got.get(key, []))
        c = counters.get(p.lower())
        problems = []
        if have != col:
            problems.append(f"{len(have)} samples in the engine, {len(col)} in the CSV"
                            + ("" if len(have) != len(col) else " (values or time stamps differ)"))
        if c is None or c["count"] != len(col):
            problems.append(f"summary counts {c and c['count']}")
        elif col and (iso_ms(c["first"]) != col[0][0] or iso_ms(c["last"]) != col[-1][0]):
            problems.append("summary's first/last time stamps differ")
        if kind == "influx" and got.get(("count", obj, tags, counter), 0) != len(col):
            problems.append(f"SELECT count(*) gives {got.get(('count', obj, tags, counter))}")
        print(("FAIL " if problems else "ok   ") + f"{p}: {len(col)} values" + (": " + "; ".join(problems) if problems else ""))
        bad += bool(problems)
    extra = [k for k in got if k[0] != "count" and k not in seen]
    for k in extra:
        print(f"FAIL: the engine has a series no column explains: {k}")
    return 1 if bad or extra else 0


if __name__ == "__main__":
    sys.exit(main())
