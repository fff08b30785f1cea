#!/usr/bin/env python3
"""Generate a relog-style PDH-CSV file for benchmarks: ROWS samples x COLS counters.

    python3 bench/gen_csv.py ROWS COLS OUT

Header "(PDH-CSV 4.0) (Pacific Standard Time)(480)", every field quoted, CRLF, one sample per
second, values with 17 significant digits ("%.17g", like relog's long decimals), about 2 % of
the cells blank (" "). Python 3 standard library only, fixed seed. For speed every row is a
slice of a pre-formatted pool of cells at a random offset (the values repeat in a shifted
pattern; this does not matter to a reader's speed). Each column gets its own magnitude so a
column's values span a realistic range (a factor of ~1e3), not the whole pool's.
"""
import math
import random
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gen_csv.py ROWS COLS OUT")
    rows, cols, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    r = random.Random(1)
    objects = ["Processor({})\\% Processor Time", "LogicalDisk(Disk{})\\Avg. Disk sec/Read",
               "LogicalDisk(Disk{})\\Disk Transfers/sec", "Network Interface(nic{})\\Bytes Total/sec",
               "MSExchange Database ==> Instances(Information Store - DB{}/_Total)\\I/O Log Writes Average Latency"]
    scale = [10.0, 0.01, 300.0, 5e6, 1.2]
    header = ['"(PDH-CSV 4.0) (Pacific Standard Time)(480)"']
    for c in range(cols):
        header.append('"\\\\BENCH01\\%s"' % objects[c % len(objects)].format(c // len(objects)))
    # per column a pool of cells; the row picks the same random offset for every column
    pool_n = 1024
    pools = []
    for c in range(cols):
        s = scale[c % len(scale)] * (1 + c % 7)
        cells = []
        for _ in range(pool_n):
            if r.random() < 0.02:
                cells.append('" "')
            else:
                cells.append('"%.17g"' % (s * r.lognormvariate(0, 1.0)))
        pools.append(cells)
    with open(out, "w", newline="") as f:
        f.write(",".join(header) + "\r\n")
        t0 = 1768320000  # 2026-01-13T16:00:00Z, written as local 08:00:00
        for i in range(rows):
            off = r.randrange(pool_n)
            t = t0 - 8 * 3600 + i
            day, sec = divmod(t, 86400)
            # civil date from days (proleptic Gregorian, Howard Hinnant's algorithm)
            z = day + 719468
            era = z // 146097
            doe = z - era * 146097
            yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
            y = yoe + era * 400
            doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
            mp = (5 * doy + 2) // 153
            d = doy - (153 * mp + 2) // 5 + 1
            m = mp + 3 if mp < 10 else mp - 9
            y += m <= 2
            stamp = '"%02d/%02d/%04d %02d:%02d:%02d.%03d"' % (m, d, y, sec // 3600, sec // 60 % 60, sec % 60,
                                                             123)
            f.write(stamp + "," + ",".join(p[(off + c) % pool_n] for c, p in enumerate(pools)) + "\r\n")


if __name__ == "__main__":
    main()
