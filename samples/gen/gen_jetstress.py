#!/usr/bin/env python3
"""gen_jetstress.py - write the bundled multi-server Jetstress sample run (samples/jetstress/).

Python 3 standard library only, fixed seed: running it twice gives byte-identical files.

    python3 samples/gen/gen_jetstress.py [OUTDIR]      (default: samples/jetstress)

Per server (folder OUTDIR/<MACHINE>/):
  Performance_<stamp>.html   Jetstress 2013 style report (fieldsets, legends, grid_row_header cells)
  Performance_<stamp>.csv    relog-style PDH-CSV of the run (15 s interval), the counters the
                             report figures are computed from
  JetstressConfig.xml        the configuration of the run (mailboxes, IOPS per mailbox, thresholds)
MBX01 additionally has SoftRecovery_<stamp>.html (statistics only, no counter log).

Servers: MBX01 (4 instances, pass), MBX02 (5 instances, FAIL: one instance has an average
database read latency above 20 ms), MBX03 (6 instances, pass, zh-TW labels, the run crosses
midnight so 12-hour times with 12 AM appear).

Report figures are computed from the very values written into the CSV (the rounded text, read
back), as plain means over the samples inside the collection window, printed with 3 decimals:
  Transactional table : the 12 "I/O ..." counters of the instance
  Background maint.   : "Database Maintenance IO Reads/sec" and "... IO Reads Average Bytes"
  Log replication     : the instance's "I/O Log Reads/sec" and "I/O Log Reads Average Bytes"
  Total table         : transactional, but db reads/s = reads/s + maintenance reads/s and
                        db read bytes = (R*B + M*MB) / (R + M) of the means; other columns as
                        transactional
  Achieved IOPS       : sum over instances of mean(db reads/s) + mean(db writes/s) (transactional)
  Target IOPS         : MailboxCount * MailboxIops of the config
  Host table          : mean / min / max of the host counters over the window
  Final test-log L17  : the instance's mean read / log write / log read latency at 1 decimal
"""
import os
import random
import sys
from datetime import datetime, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blg_writer import write_blg  # noqa: E402

SEED = 20261130
INTERVAL = 15            # seconds between samples
NSAMPLES = 483           # rows in each counter log
WINDOW = (1, 480)        # sample indices inside the collection window (inclusive) -> 480 samples

IO12 = [  # (counter, EN header, zh-TW header)
    ("I/O Database Reads Average Latency", "I/O Database Reads Average Latency (msec)", "I/O 資料庫讀取平均延遲 (毫秒)"),
    ("I/O Database Writes Average Latency", "I/O Database Writes Average Latency (msec)", "I/O 資料庫寫入平均延遲 (毫秒)"),
    ("I/O Database Reads/sec", "I/O Database Reads/sec", "I/O 資料庫讀取/秒"),
    ("I/O Database Writes/sec", "I/O Database Writes/sec", "I/O 資料庫寫入/秒"),
    ("I/O Database Reads Average Bytes", "I/O Database Reads Average Bytes", "I/O 資料庫讀取平均位元組"),
    ("I/O Database Writes Average Bytes", "I/O Database Writes Average Bytes", "I/O 資料庫寫入平均位元組"),
    ("I/O Log Reads Average Latency", "I/O Log Reads Average Latency (msec)", "I/O 記錄檔讀取平均延遲 (毫秒)"),
    ("I/O Log Writes Average Latency", "I/O Log Writes Average Latency (msec)", "I/O 記錄檔寫入平均延遲 (毫秒)"),
    ("I/O Log Reads/sec", "I/O Log Reads/sec", "I/O 記錄檔讀取/秒"),
    ("I/O Log Writes/sec", "I/O Log Writes/sec", "I/O 記錄檔寫入/秒"),
    ("I/O Log Reads Average Bytes", "I/O Log Reads Average Bytes", "I/O 記錄檔讀取平均位元組"),
    ("I/O Log Writes Average Bytes", "I/O Log Writes Average Bytes", "I/O 記錄檔寫入平均位元組"),
]
MAINT = [("Database Maintenance IO Reads/sec", "資料庫維護 IO 讀取/秒"),
         ("Database Maintenance IO Reads Average Bytes", "資料庫維護 IO 讀取平均位元組")]
HOST = [  # (path tail, row label, base, relative noise)
    ("Processor(_Total)\\% Processor Time", "% Processor Time", 4.2, 0.35),
    ("Memory\\Available MBytes", "Available MBytes", 11900.0, 0.02),
    ("Memory\\Free System Page Table Entries", "Free System Page Table Entries", 33554000.0, 0.0001),
    ("Memory\\Transition Pages RePurposed/sec", "Transition Pages RePurposed/sec", 0.0, 0.0),
    ("Memory\\Pool Nonpaged Bytes", "Pool Nonpaged Bytes", 131000000.0, 0.01),
    ("Memory\\Pool Paged Bytes", "Pool Paged Bytes", 236000000.0, 0.01),
    ("MSExchange Database(JetstressWin)\\Database Page Fault Stalls/sec", "Database Page Fault Stalls/sec", 0.0, 0.0),
]
OBJ = "MSExchange Database ==> Instances"

SERVERS = [
    # machine, lang, pid, instances, mailboxes, iops/mbx, threads, stamp(local start of the run log), slow instance
    dict(machine="MBX01", lang="en", pid=4711, ninst=4, mailboxes=1000, iops=0.2, threads=6,
         stamp=datetime(2026, 3, 14, 10, 11, 2), slow=None, prefix="JetstressWin/", log="csv"),
    dict(machine="MBX02", lang="en", pid=5120, ninst=5, mailboxes=1250, iops=0.2, threads=8,
         stamp=datetime(2026, 3, 14, 10, 12, 40), slow=3, prefix="", log="csv"),
    dict(machine="MBX03", lang="zh-TW", pid=6008, ninst=6, mailboxes=1500, iops=0.2, threads=9,
         stamp=datetime(2026, 3, 14, 22, 41, 15), slow=None, prefix="Information Store/", log="csv-utf16"),
]
# MBX01's Stress test (its own folder and config): 4 instances, a .blg counter log, and one
# instance with 9 database read latency samples above the lenient maximum of 200 ms (6 allowed):
# Jetstress prints Fail for the maximum latency while every average passes.
STRESS = dict(machine="MBX01", lang="en", pid=5312, ninst=4, mailboxes=1000, iops=0.2, threads=6,
              stamp=datetime(2026, 3, 16, 9, 30, 5), slow=None, prefix="JetstressWin/", log="blg",
              test="Stress", nsamples=243, window=(1, 240), spiky=2, subdir="Stress")
SPIKES = [231.0, 244.5, 262.25, 208.0, 275.5, 219.75, 290.0, 236.125, 251.5]   # ms, > 200
SPIKE_AT = [17, 40, 66, 91, 118, 140, 171, 198, 225]                          # window rows
LENIENT_MAX = 200.0
MAX_ERRORS = 6

# What a real capture holds beside the ESE instances (values from their own random stream so
# that the instance figures do not depend on them): volumes and disks with _Total, every
# processor, more memory and System counters, the process-level ESE object of JetstressWin and of
# the Information Store (its page fault stalls are not Jetstress's and must not be read).
EXTRA = [  # (object, instance, counter, base, relative noise)
    ("LogicalDisk", "C:", "Avg. Disk sec/Read", 0.004, 0.3), ("LogicalDisk", "C:", "Disk Reads/sec", 12.0, 0.3),
    ("LogicalDisk", "D:", "Avg. Disk sec/Read", 0.0145, 0.1), ("LogicalDisk", "D:", "Avg. Disk sec/Write", 0.0075, 0.1),
    ("LogicalDisk", "D:", "Disk Reads/sec", 190.0, 0.08), ("LogicalDisk", "D:", "Disk Writes/sec", 110.0, 0.08),
    ("LogicalDisk", "D:", "Avg. Disk Bytes/Read", 60000.0, 0.02), ("LogicalDisk", "L:", "Avg. Disk sec/Write", 0.0012, 0.1),
    ("LogicalDisk", "L:", "Disk Writes/sec", 60.0, 0.06), ("LogicalDisk", "_Total", "Disk Reads/sec", 205.0, 0.08),
    ("LogicalDisk", "_Total", "Avg. Disk sec/Read", 0.014, 0.1), ("LogicalDisk", "D:", "% Free Space", 41.0, 0.001),
    ("PhysicalDisk", "0 C:", "Avg. Disk sec/Read", 0.004, 0.3), ("PhysicalDisk", "1 D:", "Avg. Disk sec/Read", 0.0145, 0.1),
    ("PhysicalDisk", "1 D:", "Disk Reads/sec", 190.0, 0.08), ("PhysicalDisk", "2 L:", "Disk Writes/sec", 60.0, 0.06),
    ("PhysicalDisk", "_Total", "Disk Reads/sec", 205.0, 0.08), ("PhysicalDisk", "_Total", "Current Disk Queue Length", 3.0, 0.5),
    ("Processor", "0", "% Processor Time", 4.5, 0.4), ("Processor", "1", "% Processor Time", 3.9, 0.4),
    ("Processor", "2", "% Processor Time", 4.4, 0.4), ("Processor", "3", "% Processor Time", 4.0, 0.4),
    ("Memory", None, "Pages/sec", 2.0, 0.8), ("Memory", None, "Committed Bytes", 9.1e9, 0.001),
    ("System", None, "Processor Queue Length", 1.0, 0.9), ("System", None, "Context Switches/sec", 5200.0, 0.1),
    ("MSExchange Database", "JetstressWin", "I/O Database Reads Average Latency", 14.9, 0.1),
    ("MSExchange Database", "JetstressWin", "I/O Database Reads/sec", 180.0, 0.08),
    ("MSExchange Database", "JetstressWin", "Database Cache Size", 2.4e8, 0.001),
    ("MSExchange Database", "Information Store", "Database Page Fault Stalls/sec", 3.5, 0.3),
    ("MSExchange Database", "Information Store", "I/O Database Reads Average Latency", 5.0, 0.2),
    ("MSExchange Database", "_Total", "Database Page Fault Stalls/sec", 3.5, 0.3),
]

SECTIONS = {
    "en": dict(summary="Test Summary", sizing="Database Sizing and Throughput",
               params="Jetstress System Parameters", dbconf="Database Configuration",
               trans="Transactional I/O Performance",
               maint="Background Database Maintenance I/O Performance",
               repl="Log Replication I/O Performance", total="Total I/O Performance",
               host="Host System Performance", log="Test Log",
               inst="MSExchange Database ==&gt; Instances", counter="Counter", avg="Average",
               min="Minimum", max="Maximum", title="Performance Test Result Report",
               logpath="Log path: ", pass_="Pass", fail="Fail"),
    "zh-TW": dict(summary="測試摘要", sizing="資料庫大小和輸送量", params="Jetstress 系統參數",
                  dbconf="資料庫組態設定", trans="交易 I/O 效能", maint="背景資料庫維護 I/O 效能",
                  repl="記錄檔複寫 I/O 效能", total="Total I/O 效能", host="主機系統效能",
                  log="Test Log", inst="MSExchange 資料庫 ==&gt; 執行個體", counter="計數器",
                  avg="平均", min="最小", max="最大", title="效能測試結果報告",
                  logpath="記錄檔路徑 :", pass_="通過", fail="失敗"),
}
ROWS = {  # canonical -> (en, zh-TW)
    "result": ("Overall Test Result", "整體測試結果"), "machine": ("Machine Name", "機器名稱"),
    "desc": ("Test Description", "測試說明"), "tstart": ("Test Start Time", "測試開始時間"),
    "tend": ("Test End Time", "測試結束時間"), "cstart": ("Collection Start Time", "收集開始時間"),
    "cend": ("Collection End Time", "收集結束時間"), "jsver": ("Jetstress Version", "Jetstress 版本"),
    "esever": ("ESE Version", "ESE 版本"), "os": ("Operating System", "作業系統"),
    "perflog": ("Performance Log", "效能記錄"),
    "achieved": ("Achieved Transactional I/O per Second", "每秒達成交易 I/O"),
    "target": ("Target Transactional I/O per Second", "每秒目標交易 I/O"),
    "initsize": ("Initial Database Size (bytes)", "初始資料庫大小 (位元組)"),
    "finalsize": ("Final Database Size (bytes)", "最後資料庫大小 (位元組)"),
    "dbfiles": ("Database Files (Count)", "資料庫檔案 (數量)"),
    "threads": ("Thread Count", "執行緒數量"), "mincache": ("Minimum Database Cache", "最小資料庫快取"),
    "maxcache": ("Maximum Database Cache", "最大資料庫快取"), "insert": ("Insert Operations", "插入作業"),
    "delete": ("Delete Operations", "刪除作業"), "replace": ("Replace Operations", "取代作業"),
    "read": ("Read Operations", "讀取作業"), "lazy": ("Lazy Commits", "延遲認可"),
    "bdm": ("Run Background Database Maintenance", "執行背景資料庫維護"),
    "copies": ("Number of Copies per Database", "每個資料庫的副本數量"),
}


def f3(v):
    return "%.3f" % v


def us_time(t):
    """Jetstress/en-US: M/D/YYYY h:mm:ss AM (no leading zeros, 12-hour clock)."""
    h = t.hour % 12 or 12
    return "%d/%d/%d %d:%02d:%02d %s" % (t.month, t.day, t.year, h, t.minute, t.second,
                                         "AM" if t.hour < 12 else "PM")


def stamp_name(t):
    return "%d_%d_%d_%d_%d_%d" % (t.year, t.month, t.day, t.hour, t.minute, t.second)


def instance_profile(rng, slow):
    """Base values (per instance) of the 12 I/O counters + 2 maintenance counters."""
    p = [rng.uniform(12.0, 16.5), rng.uniform(6.0, 9.0), rng.uniform(33.0, 38.0), rng.uniform(20.0, 24.0),
         rng.uniform(33800.0, 35200.0), rng.uniform(35500.0, 37500.0), rng.uniform(0.8, 1.3),
         rng.uniform(1.0, 1.4), rng.uniform(0.55, 0.7), rng.uniform(12.0, 15.0),
         rng.uniform(225000.0, 235000.0), rng.uniform(8800.0, 9600.0)]
    if slow:
        p[0] = 23.6
    m = [rng.uniform(8.8, 9.4), 261120.0 + rng.uniform(0.0, 900.0)]
    return p, m


def sample(rng, base, rel):
    return max(0.0, base * (1.0 + rng.gauss(0.0, rel)))


def gen_server(rng, s, outdir, xrng=None, instances_only=False):
    """One server's run. rng drives every value the report is computed from; xrng only the extra
    objects of a real capture (none without xrng or with instances_only)."""
    extras = xrng is not None and not instances_only
    n = s["ninst"]
    nsamples = s.get("nsamples", NSAMPLES)
    window = s.get("window", WINDOW)
    insts = ["Instance%d.%d" % (s["pid"], k + 1) for k in range(n)]
    prof = [instance_profile(rng, s["slow"] == k + 1) for k in range(n)]
    for k in range(n):
        if s.get("spiky") == k + 1:
            prof[k][0][0] = 7.0   # low average, so that only the maximum latency fails
    m = s["machine"]
    pre = s.get("prefix", "JetstressWin/")
    counters = []  # (object, instance, counter) in column order
    for name in insts:
        counters += [(OBJ, pre + name, c[0]) for c in IO12 + MAINT]
    counters += [(OBJ, pre + "_Total", c[0]) for c in IO12 + MAINT]
    nese = len(counters)
    for h in HOST:
        obj, rest = h[0].split("\\")
        inst = None
        if obj.endswith(")"):
            obj, inst = obj[:-1].split("(")
        counters.append((obj, inst, rest))
    if extras:
        counters += [(e[0], e[1], e[2]) for e in EXTRA]
    cols = ["\\\\%s\\%s%s\\%s" % (m, o, "(%s)" % i if i is not None else "", c) for (o, i, c) in counters]
    rows = []  # (datetime, [values as float parsed back from text]) for every column written
    spike = {window[0] + at: v for at, v in zip(SPIKE_AT, SPIKES)}
    for i in range(nsamples):
        t = s["stamp"] + timedelta(seconds=i * INTERVAL, milliseconds=250 + rng.randrange(200))
        vals = []
        per = []
        for k in range(n):
            p, mt = prof[k]
            iv = [sample(rng, p[0], 0.12), sample(rng, p[1], 0.15), sample(rng, p[2], 0.08),
                  sample(rng, p[3], 0.08), sample(rng, p[4], 0.01), sample(rng, p[5], 0.01),
                  sample(rng, p[6], 0.2), sample(rng, p[7], 0.1), sample(rng, p[8], 0.1),
                  sample(rng, p[9], 0.06), sample(rng, p[10], 0.01), sample(rng, p[11], 0.02),
                  sample(rng, mt[0], 0.05), sample(rng, mt[1], 0.001)]
            if s.get("spiky") == k + 1 and i in spike:
                iv[0] = spike[i]
            iv = [float(f3(v)) for v in iv]
            per.append(iv)
            vals += iv
        tot = []
        for j in range(14):  # rates summed, latencies/bytes weighted by their rate column
            rate_of = {0: 2, 1: 3, 4: 2, 5: 3, 6: 8, 7: 9, 10: 8, 11: 9, 13: 12}
            if j in rate_of:
                r = rate_of[j]
                w = sum(iv[r] for iv in per)
                tot.append(sum(iv[j] * iv[r] for iv in per) / w if w else 0.0)
            else:
                tot.append(sum(iv[j] for iv in per))
        vals += [float(f3(v)) for v in tot]
        for (_, label, base, rel) in HOST:
            if label == "Database Page Fault Stalls/sec":
                v = 0.067 if (m == "MBX02" and i % 97 == 13) else 0.0
            elif label == "Transition Pages RePurposed/sec":
                v = 0.0
            else:
                v = sample(rng, base, rel)
            vals.append(float(f3(v)))
        extra = [float(f3(sample(xrng, e[3], e[4]))) for e in EXTRA] if extras else []
        rows.append((t, vals + extra))
    # collection window
    win = rows[window[0]:window[1] + 1]
    cstart = rows[window[0]][0].replace(microsecond=0)
    cend = rows[window[1]][0].replace(microsecond=0) + timedelta(seconds=1)

    def mean(col):
        return sum(r[1][col] for r in win) / len(win)
    stride = 14
    figs = []
    for k in range(n):
        tr = [mean(k * stride + j) for j in range(12)]
        mr, mb = mean(k * stride + 12), mean(k * stride + 13)
        total = list(tr)
        total[2] = tr[2] + mr
        total[4] = (tr[2] * tr[4] + mr * mb) / (tr[2] + mr)
        figs.append(dict(tr=tr, maint=(mr, mb), repl=(tr[8], tr[10]), total=total))
    hbase = nese
    host = []
    for h, (_, label, _, _) in enumerate(HOST):
        vs = [r[1][hbase + h] for r in win]
        host.append((label, sum(vs) / len(vs), min(vs), max(vs)))
    achieved = sum(f["tr"][2] + f["tr"][3] for f in figs)
    target = s["mailboxes"] * s["iops"]
    fails = [(insts[k], f["tr"][0]) for k, f in enumerate(figs) if f["tr"][0] > 20.0]
    limit = LENIENT_MAX if s.get("test") == "Stress" else 100.0
    maxfails = [(insts[k], c) for k in range(n)
                for c in [sum(1 for r in win if r[1][k * stride] > limit)] if c > MAX_ERRORS]
    if instances_only:   # the log keeps the ESE instance counters only
        rows_out = [(t, v[:nese]) for t, v in rows]
        cols = cols[:nese]
        counters = counters[:nese]
    else:
        rows_out = rows
    sdir = os.path.join(outdir, m, s["subdir"]) if s.get("subdir") else os.path.join(outdir, m)
    os.makedirs(sdir, exist_ok=True)
    stem = s.get("test", "Performance") + "_" + stamp_name(s["stamp"])
    if s.get("log", "csv") == "blg":
        blg_counters = []
        for (o, i, c) in counters:
            parent = None
            if i is not None and "/" in i:
                parent, i = i.split("/", 1)
            blg_counters.append((o, i, parent, c))
        write_blg(os.path.join(sdir, stem + ".blg"), m, "W. Europe Standard Time", -60, blg_counters, rows_out)
    else:
        lines = ['"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)",' + ",".join('"%s"' % c for c in cols)]
        for t, vals in rows_out:
            ts = "%02d/%02d/%04d %02d:%02d:%02d.%03d" % (t.month, t.day, t.year, t.hour, t.minute, t.second,
                                                           t.microsecond // 1000)
            lines.append('"%s",' % ts + ",".join('"%s"' % f3(v) for v in vals))
        text = "\r\n".join(lines) + "\r\n"
        data = ("\ufeff" + text).encode("utf-16-le") if s.get("log") == "csv-utf16" else text.encode("ascii")
        with open(os.path.join(sdir, stem + ".csv"), "wb") as fp:
            fp.write(data)
    write_config(os.path.join(sdir, "JetstressConfig.xml"), s)
    ctx = dict(s=s, insts=insts, figs=figs, host=host, achieved=achieved, target=target, fails=fails,
               maxfails=maxfails, rows=rows, win=win, cstart=cstart, cend=cend, stem=stem, hbase=hbase,
               nsamples=nsamples, limit=limit)
    html = report_html(rng, ctx)
    with open(os.path.join(sdir, stem + ".html"), "w", encoding="utf-8", newline="") as fp:
        fp.write(html)
    return ctx


def write_config(path, s):
    with open(path, "w", newline="") as fp:
        fp.write("""<?xml version="1.0"?>
<configuration xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <JetstressVersionGenerated>15.0.995.0</JetstressVersionGenerated>
  <EseVersionGenerated>15.0.847.30</EseVersionGenerated>
  <TestDesignInfo>
    <Type>%(test)s</Type>
    <Description>perfscribe sample run, %(machine)s, %(mailboxes)d mailboxes x %(iops)s IOPS</Description>
    <Duration>P0Y0M0DT2H0M0S</Duration>
    <BinaryPerfLog>true</BinaryPerfLog>
    <RunDatabaseMaintenancePerformance>true</RunDatabaseMaintenancePerformance>
    <SuppressTuning>false</SuppressTuning>
    <LogInterval>15000</LogInterval>
    <LogInterval2>5000</LogInterval2>
    <OperationMix LockOps="true" InsertOps="40" DeleteOps="20" ReplaceOps="5" LazyCommits="70" />
    <MaximumLatencyErrors>6</MaximumLatencyErrors>
    <Thresholds Name="Strict">
      <AverageDatabaseReadLatency>20</AverageDatabaseReadLatency>
      <MaximumDatabaseReadLatency>100</MaximumDatabaseReadLatency>
      <AverageLogWriteLatency>10</AverageLogWriteLatency>
      <MaximumLogWriteLatency>100</MaximumLogWriteLatency>
    </Thresholds>
    <Thresholds Name="Lenient" TestRunTypes="Stress">
      <AverageDatabaseReadLatency>20</AverageDatabaseReadLatency>
      <MaximumDatabaseReadLatency>200</MaximumDatabaseReadLatency>
      <AverageLogWriteLatency>10</AverageLogWriteLatency>
      <MaximumLogWriteLatency>200</MaximumLogWriteLatency>
    </Thresholds>
  </TestDesignInfo>
  <ExchangeProfile>
    <ThreadCount>%(threads)d</ThreadCount>
    <MailboxCount>%(mailboxes)d</MailboxCount>
    <MailboxQuota>2048</MailboxQuota>
    <MailboxIops>%(iops)s</MailboxIops>
    <DatabaseCopyCount>2</DatabaseCopyCount>
  </ExchangeProfile>
  <JetSystemParams>
    <DatabasePageSize>32768</DatabasePageSize>
    <LogFileSize>1024</LogFileSize>
  </JetSystemParams>
</configuration>
""" % dict(s, iops=repr(s["iops"]), test=s.get("test", "Performance")))


def test_log(rng, c):
    s, insts, figs = c["s"], c["insts"], c["figs"]
    n = len(insts)
    st = s["stamp"]
    t0 = st - timedelta(minutes=12, seconds=54)
    lines = []

    def add(t, msg):
        lines.append("%s -- %s" % (us_time(t), msg))
    add(t0, "Preparing for testing...")
    t = t0 + timedelta(seconds=4)
    add(t, "Attaching databases...")
    add(t, "Preparations for testing are complete.")
    add(t, "Starting transaction dispatch..")
    add(t, "Database cache settings: (minimum: %.1f MB, maximum: %.1f GB)" % (32.0 * n, 0.25 * n))
    add(t, "Database flush thresholds: (start: %.1f MB, stop: %.1f MB)" % (2.56 * n, 5.12 * n))
    t += timedelta(seconds=5)
    add(t, "Database read latency thresholds: (average: 20 msec/read, maximum: %d msec/read)." % c["limit"])
    add(t, "Log write latency thresholds: (average: 10 msec/write, maximum: %d msec/write)." % c["limit"])
    add(t, "Attaining prerequisites:")
    t += timedelta(minutes=4, seconds=46)
    add(t, "\\MSExchange Database(JetstressWin)\\Database Cache Size, Last: %.1f (lower bound: %.1f, upper bound: none)"
        % (60581900.0 * n, 60397975.0 * n))
    t += timedelta(seconds=1)
    add(t, "Performance logging started (interval: 5000 ms).")
    add(t, "Automatic tuning is starting...")
    t += timedelta(seconds=32)
    for name in insts:
        add(t, "%s has %.2f for read latency slope." % (name, rng.uniform(0.0, 0.2)))
    t += timedelta(minutes=2, seconds=7)
    iops = c["achieved"] * 1.02
    add(t, "%d batch transactions/sec and %d sessions have %d IOPS." % (iops * 0.98, s["threads"], iops))
    add(t, "%d sessions have actual %d IOPS (target IOPS: %d)" % (s["threads"], iops, c["target"]))
    for k, name in enumerate(insts):
        add(t, "%s has %.1f for I/O Database Reads Average Latency." % (name, figs[k]["tr"][0] + rng.uniform(-0.4, 0.4)))
    if c["fails"]:
        add(t, "The process has average database read latencies higher than 20 msec.")
    for k, name in enumerate(insts):
        add(t, "%s has %.1f for I/O Log Writes Average Latency." % (name, figs[k]["tr"][7] + rng.uniform(-0.1, 0.1)))
        add(t, "%s has %.1f for I/O Log Reads Average Latency." % (name, figs[k]["tr"][6] + rng.uniform(-0.1, 0.1)))
    add(t, "Performance logging has ended.")
    add(t, "Automatic tuning succeeded.")
    mix = "Operation mix: Sessions %d, Inserts 40%%, Deletes 20%%, Replaces 5%%, Reads 35%%, Lazy Commits 70%%." % s["threads"]
    add(st - timedelta(seconds=1), mix)
    add(st, "Performance logging started (interval: 15000 ms).")
    add(st, "Attaining prerequisites:")
    add(st + timedelta(seconds=1), "\\MSExchange Database(JetstressWin)\\Database Cache Size, Last: %.1f (lower bound: %.1f, upper bound: none)"
        % (60583300.0 * n, 60397975.0 * n))
    end = c["rows"][-1][0].replace(microsecond=0) + timedelta(seconds=2)
    add(end, "Performance logging has ended.")
    stats = ["%d" % rng.randrange(22500, 23100) for _ in insts]
    add(end, "JetInterop batch transaction stats: %s and %s." % (", ".join(stats[:-1]), stats[-1]))
    add(end, "Dispatching transactions ends.")
    add(end, "Shutting down databases...")
    end += timedelta(seconds=6)
    add(end, ", ".join("%s (complete)" % x for x in insts[:-1]) + " and %s (complete)" % insts[-1])
    base = "C:\\Program Files\\Exchange Jetstress\\Results\\" + c["stem"]
    add(end, "%s.blg has %d samples." % (base, c["nsamples"]))
    add(end, "Creating test report...")
    end += timedelta(seconds=4)
    for k, name in enumerate(insts):
        add(end, "%s has %.1f for I/O Database Reads Average Latency." % (name, figs[k]["tr"][0]))
        add(end, "%s has %.1f for I/O Log Writes Average Latency." % (name, figs[k]["tr"][7]))
        add(end, "%s has %.1f for I/O Log Reads Average Latency." % (name, figs[k]["tr"][6]))
    stalls = [r[1][c["hbase"] + 6] for r in c["win"]]
    add(end, "Test has %s Maximum Database Page Fault Stalls/sec." % ("%g" % max(stalls)))
    add(end, "The test has %d Database Page Fault Stalls/sec samples higher than 0." % sum(1 for v in stalls if v > 0))
    add(end, "%s.xml has %d samples queried." % (base, len(c["win"])))
    return lines, t0, end


def report_html(rng, c):
    s = c["s"]
    lang = s["lang"]
    L = SECTIONS[lang]
    li = 0 if lang == "en" else 1
    title = "Stress Test Result Report" if s.get("test") == "Stress" else L["title"]

    def row(key, value, cls=None):
        a = ' class="%s"' % cls if cls else ""
        return '<tr>\r\n<td class="grid_row_header">%s</td>\r\n<td%s>%s</td>\r\n</tr>\r\n' % (ROWS[key][li], a, value)

    log, t0, tend = test_log(rng, c)
    if c["fails"]:
        name, lat = c["fails"][0]
        result = '%s – %s has %.3f msec average database read latency. This should be not higher than 20 msec.' % (
            L["fail"], name, lat)
        rcls = "failure"
    elif c["maxfails"]:
        result, rcls = '%s – The test has failing database read latencies.' % L["fail"], "failure"
    else:
        result, rcls = L["pass_"], "success"
    base = "C:\\Program Files\\Exchange Jetstress\\Results\\"
    tuning = "Tuning_" + stamp_name(t0 + timedelta(minutes=5))
    n = len(c["insts"])
    out = []
    out.append('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
               '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\r\n'
               '<html xmlns="http://www.w3.org/1999/xhtml">\r\n<head>\r\n'
               '<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\r\n'
               '<title>%s</title>\r\n<style type="text/css">\r\n'
               'body { font-family: Tahoma, Arial; font-size: 8pt; }\r\n'
               '.grid_row_header { font-weight: bold; background-color: #ECECEC; }\r\n'
               '.success { color: green; } .failure { color: red; }\r\n</style>\r\n</head>\r\n<body>\r\n'
               '<div class="header">Microsoft Exchange Jetstress 2013</div>\r\n'
               '<div class="header">%s</div>\r\n' % (title, title))

    def fs(title, body):
        out.append('<fieldset>\r\n<legend>%s</legend>\r\n<table class="grid" cellspacing="0">\r\n%s</table>\r\n</fieldset>\r\n'
                   % (title, body))
    body = row("result", result, rcls) + row("machine", s["machine"])
    body += row("desc", "perfscribe sample run, %d mailboxes x %s IOPS" % (s["mailboxes"], repr(s["iops"])))
    body += row("tstart", us_time(t0)) + row("tend", us_time(tend))
    body += row("cstart", us_time(c["cstart"])) + row("cend", us_time(c["cend"]))
    body += row("jsver", "15.00.0995.000") + row("esever", "15.00.0847.030")
    body += row("os", "Windows Server 2012 R2 Datacenter (6.2.9200.0)")
    body += row("perflog", "%s%s.blg<br />%s%s.blg" % (base, tuning, base, c["stem"]))
    fs(L["summary"], body)
    init = 268435456000 * n
    body = row("achieved", f3(c["achieved"])) + row("target", "%g" % c["target"])
    body += row("initsize", "%d" % init) + row("finalsize", "%d" % (init + 1342177280 * n))
    body += row("dbfiles", "%d" % n)
    fs(L["sizing"], body)
    body = row("threads", "%d" % s["threads"]) + row("mincache", "%.1f MB" % (32.0 * n))
    body += row("maxcache", "%.1f MB" % (256.0 * n)) + row("insert", "40%") + row("delete", "20%")
    body += row("replace", "5%") + row("read", "35%") + row("lazy", "70%") + row("bdm", "True") + row("copies", "2")
    fs(L["params"], body)
    body = ""
    for k, name in enumerate(c["insts"]):
        body += ('<tr>\r\n<td class="grid_row_header">%s</td>\r\n<td>%sL:\\Logs\\log%d Database: D:\\DB%d\\Jetstress%03d001.edb</td>\r\n</tr>\r\n'
                 % (name, L["logpath"], k + 1, k + 1, k + 1))
    fs(L["dbconf"], body)

    def table(headers, values):
        b = '<tr>\r\n<td class="grid_col_header">%s</td>\r\n' % L["inst"]
        b += "".join('<td class="grid_col_header">%s</td>\r\n' % h for h in headers) + "</tr>\r\n"
        for name, vals in zip(c["insts"], values):
            b += '<tr>\r\n<td class="grid_row_header">%s</td>\r\n' % name
            b += "".join("<td>%s</td>\r\n" % f3(v) for v in vals) + "</tr>\r\n"
        return b
    hdr = 1 if lang == "en" else 2
    fs(L["trans"], table([x[hdr] for x in IO12], [f["tr"] for f in c["figs"]]))
    fs(L["maint"], table([x[hdr - 1] for x in MAINT], [f["maint"] for f in c["figs"]]))
    fs(L["repl"], table([IO12[8][hdr], IO12[10][hdr]], [f["repl"] for f in c["figs"]]))
    fs(L["total"], table([x[hdr] for x in IO12], [f["total"] for f in c["figs"]]))
    body = '<tr>\r\n' + "".join('<td class="grid_col_header">%s</td>\r\n' % L[k] for k in ("counter", "avg", "min", "max")) + "</tr>\r\n"
    for label, av, mn, mx in c["host"]:
        body += '<tr>\r\n<td class="grid_row_header">%s</td>\r\n<td>%s</td>\r\n<td>%s</td>\r\n<td>%s</td>\r\n</tr>\r\n' % (
            label, f3(av), f3(mn), f3(mx))
    fs(L["host"], body)
    out.append('<fieldset>\r\n<legend>%s</legend>\r\n<div class="test_log">%s</div>\r\n</fieldset>\r\n</body>\r\n</html>\r\n'
               % (L["log"], "<br />\r\n".join(log)))
    return "".join(out)


def soft_recovery_html(rng, c, outdir):
    s = c["s"]
    st = datetime(2026, 3, 15, 9, 2, 11)
    rows = ""
    tot_logs = tot_s = 0.0
    for name in c["insts"]:
        secs = round(rng.uniform(135.0, 160.0), 3)
        rows += ('<tr>\r\n<td class="grid_row_header">%s</td>\r\n<td>500</td>\r\n<td>%s</td>\r\n</tr>\r\n' % (name, f3(secs)))
        tot_logs += 500
        tot_s += secs
    n = len(c["insts"])
    rows += '<tr>\r\n<td class="grid_row_header">Average</td>\r\n<td>%s</td>\r\n<td>%s</td>\r\n</tr>\r\n' % (f3(tot_logs / n), f3(tot_s / n))
    html = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" />'
            '<title>SoftRecovery Test Result Report</title></head>\r\n<body>\r\n'
            '<div class="header">Microsoft Exchange Jetstress 2013</div>\r\n'
            '<div class="header">SoftRecovery Test Result Report</div>\r\n'
            '<fieldset>\r\n<legend>Soft-Recovery Statistics - All</legend>\r\n<table class="grid">\r\n'
            '<tr>\r\n<td class="grid_col_header">Database Instance</td>\r\n<td class="grid_col_header">Log files replayed</td>\r\n'
            '<td class="grid_col_header">Elapsed seconds</td>\r\n</tr>\r\n%s</table>\r\n</fieldset>\r\n'
            '<fieldset>\r\n<legend>Test Summary</legend>\r\n<table class="grid">\r\n'
            '<tr>\r\n<td class="grid_row_header">Overall Test Result</td>\r\n<td class="success">Pass</td>\r\n</tr>\r\n'
            '<tr>\r\n<td class="grid_row_header">Machine Name</td>\r\n<td>%s</td>\r\n</tr>\r\n'
            '<tr>\r\n<td class="grid_row_header">Test Start Time</td>\r\n<td>%s</td>\r\n</tr>\r\n'
            '<tr>\r\n<td class="grid_row_header">Test End Time</td>\r\n<td>%s</td>\r\n</tr>\r\n'
            '<tr>\r\n<td class="grid_row_header">Jetstress Version</td>\r\n<td>15.00.0995.000</td>\r\n</tr>\r\n'
            '</table>\r\n</fieldset>\r\n</body>\r\n</html>\r\n'
            % (rows, s["machine"], us_time(st), us_time(st + timedelta(minutes=21, seconds=40))))
    with open(os.path.join(outdir, s["machine"], "SoftRecovery_" + stamp_name(st) + ".html"), "w",
              encoding="utf-8", newline="") as fp:
        fp.write(html)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    instances_only = "--instances-only" in sys.argv[1:]
    outdir = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jetstress")
    rng = random.Random(SEED)
    xrng = random.Random(SEED + 1)   # extra objects only: never changes an instance figure
    ctxs = [gen_server(rng, s, outdir, xrng, instances_only) for s in SERVERS]
    soft_recovery_html(rng, ctxs[0], outdir)
    ctxs.append(gen_server(random.Random(SEED + 2), STRESS, outdir, xrng, instances_only))
    for c in ctxs:
        verdict = "pass"
        if c["fails"]:
            verdict = "FAIL " + c["fails"][0][0]
        elif c["maxfails"]:
            verdict = "FAIL %s: %d samples > %g ms" % (c["maxfails"][0][0], c["maxfails"][0][1], c["limit"])
        print("%s %s: %d instances, achieved %s target %g, %s" % (
            c["s"]["machine"], c["s"].get("test", "Performance"), len(c["insts"]), f3(c["achieved"]), c["target"],
            verdict))


if __name__ == "__main__":
    main()
