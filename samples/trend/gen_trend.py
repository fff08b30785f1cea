#!/usr/bin/env python3
"""gen_trend.py - write the three bundled trend sample runs (samples/trend/<run>/).

Uses samples/gen/gen_jetstress.py (imported as a module, not modified) with different
parameters: a shorter log (123 samples at 15 s, collection window = samples 1..120, i.e. 30
minutes), two servers per run with two instances each, and the instance profile scaled per
run to stand for a hardware generation / RAID level:

    run           mailboxes/server  IOPS scale  DB read lat.  DB write lat.  log write lat.
    gen1-raid10   500               1.00        x1.00         x1.00          x1.00
    gen2-raid10   600               1.50        x0.70         x0.70          x0.80
    gen2-raid6    750               1.50        x0.75         x1.60          x0.80

"IOPS scale" multiplies the database and log rates of every instance, the latency factors
the per-instance base latencies. Fixed seed per run: running it twice gives identical files.

    python3 samples/trend/gen_trend.py [OUTDIR]     (default: samples/trend)
"""
import importlib.util
import os
import random
import sys
from datetime import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen_jetstress", os.path.join(HERE, "..", "gen", "gen_jetstress.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

gen.NSAMPLES = 123
gen.WINDOW = (1, 120)

RUNS = [
    # name, seed, mailboxes per server, iops scale, (db read, db write, log write) latency factors, start
    ("gen1-raid10", 1101, 500, 1.00, (1.00, 1.00, 1.00), datetime(2025, 5, 6, 9, 0, 5)),
    ("gen2-raid10", 2210, 600, 1.50, (0.70, 0.70, 0.80), datetime(2026, 9, 14, 13, 30, 11)),
    ("gen2-raid6", 2206, 750, 1.50, (0.75, 1.60, 0.80), datetime(2026, 9, 15, 8, 15, 42)),
]

ORIG_PROFILE = gen.instance_profile


def scaled_profile(iops, lat):
    def profile(rng, slow):
        p, m = ORIG_PROFILE(rng, slow)
        p[0] *= lat[0]
        p[1] *= lat[1]
        p[7] *= lat[2]
        for k in (2, 3, 8, 9):
            p[k] *= iops
        m[0] *= iops
        return p, m
    return profile


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    for name, seed, mbx, iops, lat, start in RUNS:
        gen.instance_profile = scaled_profile(iops, lat)
        rng = random.Random(seed)
        servers = [
            dict(machine="MBX01", lang="en", pid=3100 + seed % 100, ninst=2, mailboxes=mbx, iops=0.2, threads=4,
                 stamp=start, slow=None),
            dict(machine="MBX02", lang="en", pid=3200 + seed % 100, ninst=2, mailboxes=mbx, iops=0.2, threads=4,
                 stamp=start.replace(second=(start.second + 37) % 60), slow=None),
        ]
        for s in servers:
            c = gen.gen_server(rng, s, os.path.join(outdir, name))
            print("%s/%s: achieved %s target %g" % (name, s["machine"], gen.f3(c["achieved"]), c["target"]))


if __name__ == "__main__":
    main()
