"""The .blg buffer walk shared by bench/blg_repeat.py and tests/fuzz/fuzz_blg_repack.py (the
layout is in docs/readme/convert.md): events() yields every event of a file in order, and a
Packer writes events back into fixed-size buffers (buffer size at 0, used bytes at 0x30, events
from 0x48, each padded to 8 bytes, the rest of a buffer 0xFF)."""
import struct

BUFFER_USED = 0x30  # offset of the bytes-used field in a buffer header
FIRST_EVENT = 0x48  # offset of the first event in a buffer


def is_header_event(ev):
    """The log-file header events (buffer 0) carry their length at 4, not at 0."""
    return ev[2] in (1, 2)


def events(d):
    """Every event of the .blg bytes d, buffer by buffer; stops a buffer at a length below 8."""
    size = struct.unpack_from("<I", d, 0)[0]
    for b in range(len(d) // size):
        used = struct.unpack_from("<I", d, b * size + BUFFER_USED)[0]
        off = FIRST_EVENT
        while off + 8 <= used:
            e = b * size + off
            ln = struct.unpack_from("<H", d, e + 4 if d[e + 2] in (1, 2) else e)[0]
            if ln < 8:
                break
            yield d[e:e + ln]
            off += (ln + 7) & ~7


class Packer:
    """Events into buffers of `size` bytes; `out` holds the finished buffers."""

    def __init__(self, size):
        self.size, self.out, self.cur, self.buffers = size, bytearray(), bytearray(), 0

    def close(self):
        """Finish the open buffer, if any."""
        if self.cur:
            struct.pack_into("<I", self.cur, BUFFER_USED, len(self.cur))
            self.out += self.cur + b"\xff" * (self.size - len(self.cur))
            self.buffers += 1
            self.cur = bytearray()

    def put(self, ev):
        """Append one event; returns True when it opened a new buffer after closing a full one."""
        pad = (len(ev) + 7) & ~7
        closed = bool(self.cur) and len(self.cur) + pad > self.size
        if closed:
            self.close()
        if not self.cur:
            self.cur = bytearray(struct.pack("<I", self.size) + bytes(FIRST_EVENT - 4))
        self.cur += ev + bytes(pad - len(ev))
        return closed
