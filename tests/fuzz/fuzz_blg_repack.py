#!/usr/bin/env python3
"""Repack the real .blg samples (read from SHARED, never copied into the repository) into small
9 KiB buffers so that they make fast fuzz seeds: same events, fewer and smaller buffers.
The output goes to the fuzz corpus directory under build-fuzz/ only."""
import os, struct, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from blg_events import Packer, events, is_header_event

def repack(d, size=9216, limit=6):
    p = Packer(size)
    for ev in events(d):
        if is_header_event(ev):  # buffer 0 header: patch BufferSize
            ev = bytearray(ev)
            struct.pack_into("<I", ev, 0x20, size)
        if p.put(ev) and p.buffers >= limit:
            p.cur = bytearray()  # the event that did not fit is dropped with its buffer
            return bytes(p.out)
        if is_header_event(ev):
            p.close()
    p.close()
    return bytes(p.out)

src, dst = sys.argv[1], sys.argv[2]
for name in ("PS_CounterSamples.blg", "PS_BadCounterSamples.blg", "Tx_BasicPerfCounters.blg",
             "PAL_SamplePerfmonLog.blg"):
    p = os.path.join(src, "blg", name)
    if os.path.exists(p):
        with open(os.path.join(dst, "real_" + name), "wb") as f:
            f.write(repack(open(p, "rb").read()))
