#!/usr/bin/env python3
"""Build a large relog-style PDH-CSV for the memory benchmark by repeating the data lines of a
smaller one:  csv_repeat.py BASE.csv TIMES OUT.csv
The header line is kept once; the data lines are written TIMES times over, each with a new
time stamp one second after the one before (so time keeps rising, as in a long capture); the
cells after the time stamp are copied as they are. Python 3 standard library only."""
import datetime
import sys

src, times, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(src, "rb") as f:
    header = f.readline()
    rows = [line[line.index(b'",') + 1:] for line in f if line.strip()]
t = datetime.datetime(2024, 1, 1)
step = datetime.timedelta(seconds=1)
with open(out, "wb", buffering=1 << 22) as f:
    f.write(header)
    for _ in range(times):
        for rest in rows:
            f.write(t.strftime('"%m/%d/%Y %H:%M:%S.000"').encode() + rest)
            t += step
