#!/usr/bin/env python3
"""gen_jetstress16.py - a large Jetstress run for bench_jetstress.sh: 16 servers, each with a
24-hour Performance-style counter log (5,760 samples at 15 s in the collection window, plus one
sample before and two after), report and JetstressConfig.xml.

Reuses samples/gen/gen_jetstress.py (same formats and arithmetic), only with more servers and
longer logs. Python 3 standard library, fixed seed.

    python3 bench/gen_jetstress16.py OUTDIR
"""
import os
import random
import sys
from datetime import datetime, timedelta

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "gen"))
import gen_jetstress as g  # noqa: E402

g.NSAMPLES = 5763
g.WINDOW = (1, 5760)
g.SERVERS = [
    dict(machine="MBX%02d" % (k + 1), lang="en", pid=7000 + k, ninst=3 + k % 4, mailboxes=1000 + 250 * (k % 4),
         iops=0.2, threads=6 + k % 4, stamp=datetime(2026, 4, 1, 8, 0, 0) + timedelta(minutes=3 * k),
         slow=(2 if k == 5 else None))
    for k in range(16)
]


def main():
    outdir = sys.argv[1]
    rng = random.Random(g.SEED + 16)
    for s in g.SERVERS:
        c = g.gen_server(rng, s, outdir)
        print("%s: %d instances, %d samples, achieved %s" % (s["machine"], s["ninst"], len(c["win"]), g.f3(c["achieved"])))


if __name__ == "__main__":
    main()
