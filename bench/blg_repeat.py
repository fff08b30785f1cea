#!/usr/bin/env python3
"""Build a large .blg for the benchmark by repeating the data records of a real sample:
    blg_repeat.py SAMPLE.blg TIMES OUT.blg
Buffer 0, the counter list and the name table are kept once; the data events (0x22, every
part) are written TIMES times, their event time stamps shifted so that time keeps rising.
The output goes to bench/data/ (git-ignored); the sample itself is only read."""
import struct, sys

src, times, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = open(src, "rb").read()
S = struct.unpack_from("<I", d, 0)[0]
head, data = [], []
for b in range(len(d) // S):
    used = struct.unpack_from("<I", d, b * S + 0x30)[0]
    off = 0x48
    while off + 8 <= used:
        e = b * S + off
        ht = d[e + 2]
        ln = struct.unpack_from("<H", d, e + 4 if ht in (1, 2) else e)[0]
        ev = d[e:e + ln]
        (data if ht not in (1, 2) and ev[4] == 0x22 else head).append(ev)
        off += (ln + 7) & ~7
t0 = struct.unpack_from("<Q", data[0], 0x10)[0]
t1 = struct.unpack_from("<Q", data[-1], 0x10)[0]
span = t1 - t0 + 10_000_000
with open(out, "wb") as f:
    cur = bytearray()
    def close():
        global cur
        if cur:
            struct.pack_into("<I", cur, 0x30, len(cur))
            f.write(cur + b"\xff" * (S - len(cur)))
            cur = bytearray()
    def put(ev):
        global cur
        pad = (len(ev) + 7) & ~7
        if cur and len(cur) + pad > S:
            close()
        if not cur:
            cur = bytearray(struct.pack("<I", S) + bytes(0x44))
        cur += ev + bytes(pad - len(ev))
    put(head[0]); close()          # buffer 0: the log-file header alone
    for ev in head[1:]:
        put(ev)
    for k in range(times):
        for ev in data:
            ev = bytearray(ev)
            struct.pack_into("<Q", ev, 0x10, struct.unpack_from("<Q", ev, 0x10)[0] + k * span)
            put(bytes(ev))
    close()
