#!/usr/bin/env python3
"""Write a paper text of about LINES lines for bench_audit.sh: the tested-deployment block of
tests/data/audit/minimal-v2-paper.txt, then its storage-results block (one server table per
block, numbers varied) repeated until LINES lines. Usage: gen_paper.py LINES OUT"""
import sys

lines, out = int(sys.argv[1]), sys.argv[2]
head = """Example Mailbox Exchange Server 2010 Storage Solution (generated benchmark input)
Tested with: ESRP - Storage Version 3.0

Tested Deployment
Number of Exchange mailboxes simulated          600
Number of hosts                                 1
Simulated profile: I/O's per second per mailbox 0.40
"""
block = """
Storage Performance Results
Database I/O
Average Database Disk Transfers/sec             {t:.3f}
Average Database Disk Reads/sec                 {r:.3f}
Average Database Disk Writes/sec                {w:.3f}
Average Database Disk Read Latency (ms)         {rl:.3f}
Average Database Disk Write Latency (ms)        {wl:.3f}
Transaction Log I/O
Average Log Disk Writes/sec                     {lw:.3f}
Average Log Disk Write Latency (ms)             {ll:.3f}
"""
with open(out, 'w') as f:
    f.write(head)
    n, i = head.count('\n'), 0
    while n < lines:
        r, w = 100 + i % 97, 50 + i % 53
        f.write(block.format(t=r + w, r=r, w=w, rl=10 + i % 7, wl=3 + i % 5, lw=20 + i % 11, ll=1 + i % 3))
        n += block.count('\n')
        i += 1
