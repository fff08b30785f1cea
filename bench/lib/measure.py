"""bench/lib/measure.py - measuring helpers shared by the bench/bench_*.sh scripts (their
Python parts run through bench_py of bench/lib/bench.sh, which puts this folder on the path)."""
import os
import subprocess
import sys
import time


def convert_sql(ps, csv, url, label):
    """Run `PS convert CSV -f sql -o URL -q` and wait for it. Returns (wall seconds from the
    monotonic clock, the child's resource usage from os.wait4: ru_utime, ru_stime, ru_maxrss in
    KB). Exits the script with "LABEL: perfscribe failed (STATUS)" when perfscribe fails."""
    t = time.perf_counter()
    p = subprocess.Popen([ps, "convert", csv, "-f", "sql", "-o", url, "-q"])
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if status:
        sys.exit("%s: perfscribe failed (%d)" % (label, status))
    return wall, ru
