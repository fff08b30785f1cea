#!/usr/bin/env python3
"""Generate samples/perfmon/mbx01-2h.csv: a synthetic but realistic relog-style PDH-CSV log of
an Exchange 2016 mailbox server (MBX01) sampled every 15 s for 2 hours.

Python 3 standard library only, fixed seed: running it again gives the same bytes.
    python3 samples/perfmon/gen_mbx01.py samples/perfmon/mbx01-2h.csv

What it imitates (see README.md): the header "(PDH-CSV 4.0) (Pacific Standard Time)(480)",
every field quoted, CRLF line ends, timestamps "MM/DD/YYYY HH:MM:SS.mmm" with a few ms of
jitter, rate and average counters blank (" ") in the first row, values with 17 significant
digits, integers for gauge counters, one missed collection (a 30 s gap) and a database whose
counters are blank while it is dismounted for three samples.
"""
import math
import random
import sys

SEED = 20260113
START = (2026, 1, 13, 8, 0, 7, 418)   # local time of the first sample
INTERVAL_MS = 15000
SAMPLES = 480                         # 2 hours
MISSED = {233}                        # collector stall: this sample is not written
DISMOUNTED = range(300, 303)          # DB02 counters blank here

M = "\\\\MBX01\\"
DBI = "MSExchange Database ==> Instances(Information Store - %s/_Total)\\"

# (path, kind, generator) ; kind "rate" = blank in the first row, "int" = integer gauge
COUNTERS = []


def counter(path, kind="rate"):
    def deco(fn):
        COUNTERS.append((M + path, kind, fn))
        return fn
    return deco


def load(i):
    """Business-hours ramp: 0.45 at 08:00 rising to 1.0 around 09:15, slight dip after."""
    h = i * INTERVAL_MS / 3600000.0
    return 0.45 + 0.55 / (1 + math.exp(-(h - 0.7) * 5)) - 0.05 * max(0.0, h - 1.5)


@counter("Processor(_Total)\\% Processor Time")
def cpu(r, i):
    return min(100.0, max(0.5, 38 * load(i) + r.gauss(0, 4) + (25 if r.random() < 0.01 else 0)))


@counter("Memory\\Available MBytes", "int")
def avail(r, i):
    return int(9400 - 1800 * load(i) + r.gauss(0, 60))


@counter("Memory\\Pages/sec")
def pages(r, i):
    return r.lognormvariate(math.log(12 * load(i)), 1.1)


@counter("Memory\\% Committed Bytes In Use", "gauge")
def committed(r, i):
    return 71.5 + 6 * load(i) + r.gauss(0, 0.2)


def latency(base, spread):
    def fn(r, i):
        v = r.lognormvariate(math.log(base * (0.8 + 0.4 * load(i))), spread)
        return v * (5 if r.random() < 0.004 else 1)
    return fn


def rate(base, spread):
    return lambda r, i: max(0.0, base * load(i) * (1 + r.gauss(0, spread)))


for drive, rd, wr, reads, writes in (("D:", 0.011, 0.0065, 310, 95), ("L:", 0.0009, 0.0011, 2.5, 140)):
    counter("LogicalDisk(%s)\\Avg. Disk sec/Read" % drive)(latency(rd, 0.45))
    counter("LogicalDisk(%s)\\Avg. Disk sec/Write" % drive)(latency(wr, 0.35))
    counter("LogicalDisk(%s)\\Disk Reads/sec" % drive)(rate(reads, 0.18))
    counter("LogicalDisk(%s)\\Disk Writes/sec" % drive)(rate(writes, 0.22))


@counter("LogicalDisk(D:)\\% Free Space", "gauge")
def free(r, i):
    return 41.27 - i * 0.0009 + r.gauss(0, 0.0005)


for db, scale in (("DB01", 1.0), ("DB02", 0.7)):
    counter(DBI % db + "I/O Database Reads (Attached) Average Latency")(latency(11.5, 0.4))
    counter(DBI % db + "I/O Database Writes (Attached) Average Latency")(latency(7.0, 0.35))
    counter(DBI % db + "I/O Log Writes Average Latency")(latency(1.1, 0.3))
    counter(DBI % db + "I/O Database Reads (Attached)/sec")(rate(150 * scale, 0.2))


@counter("MSExchangeIS Store(_Total)\\RPC Average Latency")
def rpc(r, i):
    return r.lognormvariate(math.log(2.4), 0.3)


@counter("Network Interface(Intel[R] Ethernet 10G 2P X520 Adapter)\\Bytes Total/sec")
def net(r, i):
    return max(0.0, 21e6 * load(i) * (1 + r.gauss(0, 0.25)))


@counter("System\\Processor Queue Length", "int")
def pql(r, i):
    return max(0, int(r.expovariate(1 / (1.5 * load(i)))))


@counter("Process(Microsoft.Exchange.Store.Worker#1)\\Working Set", "int")
def ws(r, i):
    return 4096 * int((2.15e9 + 3e8 * load(i) + r.gauss(0, 5e6)) / 4096)


def days_in_month(y, m):
    return [31, 29 if y % 4 == 0 and (y % 100 or y % 400 == 0) else 28, 31, 30, 31, 30, 31, 31, 30,
            31, 30, 31][m - 1]


def stamp(ms_since_start):
    y, mo, d, h, mi, s, ms = START
    t = ((h * 60 + mi) * 60 + s) * 1000 + ms + ms_since_start
    day, t = divmod(t, 86400000)
    d += day
    while d > days_in_month(y, mo):
        d -= days_in_month(y, mo)
        mo += 1
    h, t = divmod(t, 3600000)
    mi, t = divmod(t, 60000)
    s, ms = divmod(t, 1000)
    return "%02d/%02d/%04d %02d:%02d:%02d.%03d" % (mo, d, y, h, mi, s, ms)


def fmt(v, kind):
    if kind == "int":
        return "%d" % v
    if v == 0:
        return "0"
    return "%.17g" % v


def main(out):
    r = random.Random(SEED)
    rows = ['"(PDH-CSV 4.0) (Pacific Standard Time)(480)",' + ",".join('"%s"' % p for p, _, _ in COUNTERS)]
    t = 0
    for i in range(SAMPLES):
        t = i * INTERVAL_MS + r.randint(-4, 9)
        cells = []
        for path, kind, fn in COUNTERS:
            v = fn(r, i)
            if (i == 0 and kind == "rate") or (i in DISMOUNTED and "DB02" in path):
                cells.append(" ")
            else:
                cells.append(fmt(v, kind))
        if i in MISSED:
            continue
        rows.append('"%s",' % stamp(t) + ",".join('"%s"' % c for c in cells))
    with open(out, "w", newline="") as f:
        f.write("\r\n".join(rows) + "\r\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "mbx01-2h.csv")
