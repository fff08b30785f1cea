#!/usr/bin/env python3
"""Build a large .blg for the benchmark by repeating the data records of a real sample:
    blg_repeat.py SAMPLE.blg TIMES OUT.blg
Buffer 0, the counter list and the name table are kept once; the data events (0x22, every
part) are written TIMES times, their event time stamps shifted so that time keeps rising.
The output goes to bench/data/ (git-ignored); the sample itself is only read."""
import os, struct, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blg_events import Packer, events, is_header_event

src, times, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = open(src, "rb").read()
head, data = [], []
for ev in events(d):
    (data if not is_header_event(ev) and ev[4] == 0x22 else head).append(ev)
t0 = struct.unpack_from("<Q", data[0], 0x10)[0]
t1 = struct.unpack_from("<Q", data[-1], 0x10)[0]
span = t1 - t0 + 10_000_000
p = Packer(struct.unpack_from("<I", d, 0)[0])
p.put(head[0])
p.close()  # buffer 0: the log-file header alone
for ev in head[1:]:
    p.put(ev)
for k in range(times):
    for ev in data:
        ev = bytearray(ev)
        struct.pack_into("<Q", ev, 0x10, struct.unpack_from("<Q", ev, 0x10)[0] + k * span)
        p.put(bytes(ev))
p.close()
with open(out, "wb") as f:
    f.write(p.out)
