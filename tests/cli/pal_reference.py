#!/usr/bin/env python3
"""PAL's threshold logic applied independently to `perfscribe convert` output, compared with
`perfscribe analyze --format json` slice by slice.

usage: pal_reference.py LOG.csv PAL.xml ANALYZE.json

Written from PAL's source (github.com/clinthuffman/PAL, PAL2/PALWizard/bin/Debug):
  PAL.ps1 StaticThreshold / OverallStaticThreshold: a slice alerts when its min, avg or max
      (IsMinThresholdBroken, IsAvgThresholdBroken, IsMaxThresholdBroken) breaks the operator
      gt|ge|lt|le against the limit; with -IsTrendOnly $True only the slice's hourly trend is tested.
  PAL.ps1 CreateAlert: one alert per (analysis, slice, counter instance), the highest PRIORITY
      condition wins (critical 100 over warning 50).
  PalGenerateCounterStats.ps1: slice min/avg/max rounded by the DATASOURCE's DATATYPE
      (ConvertToDataType: integer, roundN; Math.Round is half to even); the quantized trend of
      slice i is the mean of the differences of neighbouring slice averages 0..i (0 where one is
      missing), scaled to an hour (CalculateHourlyTrend) and rounded to an integer; slice 0: 0.
  Limits PowerShell computes from the answers to the file's QUESTIONs (PAL.ps1 ProcessThreshold runs
      the CODE with SetDefaultQuestionVariables' defaults when nothing is answered): COMPUTED below
      holds each such threshold of QuickSystemOverview.xml (inherited by Exchange2010.xml) and
      Exchange2016.xml, written by hand from its CODE for the default answers, not by running
      it; a question no file of the chain asks (and no processor in the log) leaves the analysis
      without alerts (perfscribe lists it as needing an answer).
The slices themselves are perfscribe's (width `slice_seconds` of the JSON, aligned on multiples
of the width since 1970-01-01 UTC; docs/readme/analyze.md says how they differ from PAL's).
Only the CSV, the XML and that width are read: no statistic is taken from perfscribe.
"""
import csv
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

OPS = {"gt": lambda v, t: v > t, "ge": lambda v, t: v >= t,
       "lt": lambda v, t: v < t, "le": lambda v, t: v <= t}
SUFFIX = {"KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3, "TB": 1024 ** 4, "PB": 1024 ** 5}
TH = re.compile(r"^\s*StaticThreshold\s.*-CollectionOfCounterInstances\s+\$(\S+).*-Operator\s+'?(gt|ge|lt|le)'?"
                r"\s.*-Threshold\s+(\S+)(.*)$", re.I)


GB, MB = 1024 ** 3, 1024 ** 2


def _ram_gb(q):
    return None if q.get("physicalmemory") is None else int(q["physicalmemory"])


def _pool_max(q, paged):
    """$iMemPoolMax for the OS answers of the 'default' switch branch (64-bit, Windows Server)."""
    if q.get("os") is None or _ram_gb(q) is None:
        return None
    assert q["os"].upper() in ("WINDOWS SERVER",), q["os"]   # other answers: see the unit tests
    return 128 * GB if paged else min(max(_ram_gb(q), 1) * GB * 0.75, 128 * GB)


def _queue(n, per):
    return None if n == 0 else max(n, 1) * per   # ($Collection.Count - 1), 1 when 0


COMPUTED = {   # (analysis, threshold NAME) -> limit from (question answers, processors of the machine)
    ("Memory Available MBytes", "Less than 10 percent of RAM is available"):
        lambda q, n: None if _ram_gb(q) is None else _ram_gb(q) * 1024 * 0.10,
    ("Memory Available MBytes", "Less than 5 percent of RAM is available or less than 64 MB of RAM is available"):
        lambda q, n: None if _ram_gb(q) is None else max(_ram_gb(q) * 1024 * 0.05, 64),
    ("Memory Available MBytes", "High memory usage"):
        lambda q, n: None if _ram_gb(q) is None else _ram_gb(q) * 1024 * 0.05,
    ("System Processor Queue Length", "More than 2 ready threads are queued for each processor"):
        lambda q, n: _queue(n, 2),
    ("System Processor Queue Length", "More than 10 ready threads are queued for each processor"):
        lambda q, n: _queue(n, 10),
    ("Memory Pool Non-Paged Bytes", "More than 60% of Pool Non-Paged Kernel Memory Used"):
        lambda q, n: None if _pool_max(q, False) is None else _pool_max(q, False) * 0.60,
    ("Memory Pool Non-Paged Bytes", "More than 80% of Pool Non-Paged Kernel Memory Used"):
        lambda q, n: None if _pool_max(q, False) is None else _pool_max(q, False) * 0.80,
    ("Memory Pool Non-Paged Bytes", "More than 10% of physical memory usage by Pool Paged"):
        lambda q, n: None if _ram_gb(q) is None else max(_ram_gb(q), 1) * GB * 0.10,
    ("Memory Pool Paged Bytes", "More than 60% of Pool Paged Kernel Memory Used"):
        lambda q, n: None if _pool_max(q, True) is None else _pool_max(q, True) * 0.60,
    ("Memory Pool Paged Bytes", "More than 80% of Pool Paged Kernel Memory Used"):
        lambda q, n: None if _pool_max(q, True) is None else _pool_max(q, True) * 0.80,
    ("Memory System Cache Resident Bytes", "System Cache Resident Bytes is consumsing more than 10 percent of RAM"):
        lambda q, n: None if _ram_gb(q) is None else _ram_gb(q) * GB * 0.10,
}


def questions(xml_path, depth=0):
    """QUESTIONVARNAME (lower case) -> DEFAULTVALUE over the file and the files it inherits."""
    root = ET.parse(xml_path).getroot()
    q = {}
    for inh in root.findall("INHERITANCE"):
        target = os.path.join(os.path.dirname(xml_path), inh.get("FILEPATH") or "")
        if depth < 8 and "/" not in (inh.get("FILEPATH") or "/") and os.path.isfile(target):
            q.update(questions(target, depth + 1))
    for el in root.findall("QUESTION"):
        if el.get("DEFAULTVALUE") is not None:
            q[el.get("QUESTIONVARNAME").lower()] = el.get("DEFAULTVALUE")
    return q


def number(text):
    m = re.match(r"^(-?[0-9.]+)(KB|MB|GB|TB|PB)?$", text, re.I)
    if not m:
        return None
    return float(m.group(1)) * (SUFFIX[m.group(2).upper()] if m.group(2) else 1)


def pal_round(v, datatype):
    """ConvertToDataType: [Math]::Round(v, digits), half to even on the scaled value."""
    dt = (datatype or "").lower()
    digits = 0 if dt == "integer" else int(dt[5:]) if re.match(r"^round[1-6]$", dt) else None
    if digits is None or v is None:
        return v
    p = 10.0 ** digits
    return round(v * p) / p


def hourly(per_slice, slice_s):
    if slice_s < 3600:
        return per_slice * (3600.0 / slice_s)
    if slice_s > 3600:
        return per_slice / (slice_s / 3600.0)
    return per_slice


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    head = rows[0]
    m = re.search(r"\((-?[0-9]+)\)\s*$", head[0])
    bias_min = int(m.group(1)) if m else 0   # PDH: UTC = local + bias
    cols = []
    for h in head[1:]:
        m = re.match(r"^\\\\([^\\]+)(\\.*)$", h)
        machine, path = (m.group(1), m.group(2)) if m else ("", h)
        cols.append((machine, path))
    times, values = [], []
    for r in rows[1:]:
        local = datetime.strptime(r[0], "%m/%d/%Y %H:%M:%S.%f").replace(tzinfo=timezone.utc)
        t_ms = int(round(local.timestamp() * 1000)) + bias_min * 60000
        times.append(t_ms)
        vals = []
        for c in r[1:]:
            try:
                vals.append(float(c))
            except ValueError:
                vals.append(None)
        values.append(vals)
    return cols, times, values


def split_path(path):
    """\\Object(instance)\\Counter -> (object, instance or None, counter)."""
    m = re.match(r"^\\(.*?)(?:\((.*)\))?\\([^\\]*)$", path)
    return (m.group(1), m.group(2), m.group(3)) if m else (path, None, "")


def glob(pattern, text):
    rx = "^" + ".*".join(re.escape(p) for p in pattern.split("*")) + "$"
    return re.match(rx, text or "", re.I) is not None


def analyses(xml_path, seen=None, depth=0):
    """Enabled analyses with literal StaticThreshold limits; <INHERITANCE FILEPATH> files beside
    the file after it (an analysis ID already seen is not read again)."""
    seen = set() if seen is None else seen
    root = ET.parse(xml_path).getroot()
    for an in root.findall("ANALYSIS"):
        if an.get("ID") in seen:
            continue
        seen.add(an.get("ID"))
        if (an.get("ENABLED") or "").lower() == "false":
            continue
        sources = {(d.get("COLLECTIONVARNAME") or "").lower(): d for d in an.findall("DATASOURCE")}
        tests = []
        for th in an.findall("THRESHOLD"):
            prio = int(th.get("PRIORITY") or 0)
            sev = "critical" if (th.get("CONDITION") or "").lower() == "critical" else "warning"
            for code in th.findall("CODE"):
                for line in (code.text or "").splitlines():
                    if line.lstrip().startswith("#"):
                        continue
                    m = TH.match(line)
                    if not m:
                        continue
                    limit = number(m.group(3))
                    ds = sources.get(m.group(1).lower())
                    if limit is None and (an.get("NAME"), th.get("NAME")) in COMPUTED:
                        limit = COMPUTED[(an.get("NAME"), th.get("NAME"))]
                    if limit is None or ds is None or (ds.get("TYPE") or "").lower() != "counterlog":
                        tests = None   # computed limit or generated counter: PAL needs PowerShell
                        break
                    trend = re.search(r"-IsTrendOnly\s+\$true", m.group(4), re.I) is not None
                    tests.append((ds, m.group(2).lower(), limit, trend, prio, sev))
                if tests is None:
                    break
            if tests is None:
                break
        if tests:
            yield an.get("NAME"), tests
    for inh in root.findall("INHERITANCE"):
        target = os.path.join(os.path.dirname(xml_path), inh.get("FILEPATH") or "")
        if depth < 8 and "/" not in (inh.get("FILEPATH") or "/") and os.path.isfile(target):
            yield from analyses(target, seen, depth + 1)


def main():
    csv_path, xml_path, json_path = sys.argv[1:4]
    out = json.load(open(json_path))
    width = int(round(out["slice_seconds"] * 1000))
    cols, times, values = read_csv(csv_path)
    answers = questions(xml_path)
    nproc = {}
    for machine, path in cols:
        obj, inst, _ = split_path(path)
        if obj.lower() == "processor" and inst is not None and inst.lower() != "_total":
            nproc.setdefault(machine, set()).add(inst.lower())
    first_slice = min(times) // width
    nslices = max(times) // width - first_slice + 1
    expected = {}
    for name, tests in analyses(xml_path):
        for ds, op, limit_of, trend, prio, sev in tests:
            pat_obj, pat_inst, pat_ctr = split_path(ds.get("NAME"))
            excl = [e.get("INSTANCE") or "" for e in ds.findall("EXCLUDE")]
            for ci, (machine, path) in enumerate(cols):
                obj, inst, ctr = split_path(path)
                if not (glob(pat_obj, obj) and glob(pat_ctr, ctr)):
                    continue
                if (pat_inst is None) != (inst is None) or (inst is not None and not glob(pat_inst, inst)):
                    continue
                if inst is not None and any(inst.lower() == e.lower() for e in excl):
                    continue
                limit = limit_of(answers, len(nproc.get(machine, ()))) if callable(limit_of) else limit_of
                if limit is None:
                    continue   # needs an answer: not judged
                slices = [[] for _ in range(nslices)]
                for t, row in zip(times, values):
                    if row[ci] is not None:
                        slices[t // width - first_slice].append(row[ci])
                dt = ds.get("DATATYPE")
                mins = [pal_round(min(s), dt) if s else None for s in slices]
                avgs = [pal_round(sum(s) / len(s), dt) if s else None for s in slices]
                maxs = [pal_round(max(s), dt) if s else None for s in slices]
                trends, diffs = [], 0.0
                for i in range(nslices):
                    if i and avgs[i] is not None and avgs[i - 1] is not None:
                        diffs += avgs[i] - avgs[i - 1]
                    trends.append(0 if i == 0 else round(hourly(diffs / i, width / 1000.0)))
                for i in range(nslices):
                    broken = OPS[op](trends[i], limit) if trend else any(
                        v is not None and OPS[op](v, limit) for v in (mins[i], avgs[i], maxs[i]))
                    if not broken:
                        continue
                    key = (name, (first_slice + i) * width, machine, inst)
                    if key not in expected or expected[key][0] < prio:   # CreateAlert: priority wins
                        expected[key] = (prio, sev)
    got = {}
    for a in out["alerts"]:
        t = datetime.fromisoformat(a["start"].replace("Z", "+00:00"))
        key = (a["rule"], int(t.timestamp()) * 1000, a["machine"], a["instance"])
        got[key] = a["severity"]
    want = {k: v[1] for k, v in expected.items()}
    bad = 0
    for k in sorted(set(want) | set(got), key=lambda k: (k[1], str(k))):
        if want.get(k) != got.get(k):
            bad += 1
            print("MISMATCH %s slice %s %s %s: PAL %s, perfscribe %s"
                  % (k[0], datetime.fromtimestamp(k[1] / 1000, timezone.utc).strftime("%H:%M:%S"), k[2], k[3],
                     want.get(k), got.get(k)))
    print("%d alerts by PAL's logic, %d by perfscribe, %d slices of %g s, %d mismatches"
          % (len(want), len(got), nslices, width / 1000.0, bad))
    return 1 if bad or not want else 0


if __name__ == "__main__":
    sys.exit(main())
