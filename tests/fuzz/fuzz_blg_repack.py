#!/usr/bin/env python3
"""Repack the real .blg samples (read from SHARED, never copied into the repository) into small
9 KiB buffers so that they make fast fuzz seeds: same events, fewer and smaller buffers.
The output goes to the fuzz corpus directory under build-fuzz/ only."""
import os, struct, sys

def events(d):
    S = struct.unpack_from("<I", d, 0)[0]
    for b in range(len(d) // S):
        used = struct.unpack_from("<I", d, b * S + 0x30)[0]
        off = 0x48
        while off + 8 <= used:
            e = b * S + off
            ht = d[e + 2]
            ln = struct.unpack_from("<H", d, e + 4 if ht in (1, 2) else e)[0]
            if ln < 8:
                break
            yield d[e:e + ln]
            off += (ln + 7) & ~7

def repack(d, S=9216, limit=6):
    out, cur, nbuf = bytearray(), bytearray(), 0
    def close():
        nonlocal cur, out, nbuf
        if cur:
            struct.pack_into("<I", cur, 0x30, len(cur))
            cur += b"\xff" * (S - len(cur))
            out += cur
            nbuf += 1
            cur = bytearray()
    for ev in events(d):
        pad = (len(ev) + 7) & ~7
        if ev[2] in (1, 2):   # buffer 0 header: patch BufferSize
            ev = bytearray(ev)
            struct.pack_into("<I", ev, 0x20, S)
        if cur and len(cur) + pad > S:
            close()
            if nbuf >= limit:
                return bytes(out)
        if not cur:
            cur = bytearray(struct.pack("<I", S) + bytes(0x44))
        cur += ev + bytes(pad - len(ev))
        if ev[2] in (1, 2):
            close()
    close()
    return bytes(out)

src, dst = sys.argv[1], sys.argv[2]
for name in ("PS_CounterSamples.blg", "PS_BadCounterSamples.blg", "Tx_BasicPerfCounters.blg",
             "PAL_SamplePerfmonLog.blg"):
    p = os.path.join(src, "blg", name)
    if os.path.exists(p):
        with open(os.path.join(dst, "real_" + name), "wb") as f:
            f.write(repack(open(p, "rb").read()))
