"""blg_writer.py - a small writer of binary PerfMon logs (.blg), our own code following the
project's reading of the format (../shared/docs/blg-format.md): ETW buffers, a 64-bit writer's
log-file header with the time zone, one counter list (event 0x20) and one data record (event
0x22) per sample in layout B (one PDH_RAW_COUNTER sub-record per counter).

Every counter is written as PERF_AVERAGE_BULK (displayed value = dX / dB) with the base B
advancing by 1000 per sample and X by round(value * 1000), so a value with 3 decimals is read
back as exactly the double that parsing its decimal text gives. As with every two-sample
counter type, the first sample of the log has no value (relog prints " ").

    write_blg(path, machine, zone_name, bias_minutes, counters, rows)
      counters: [(object, instance or None, parent or None, counter)]
      rows:     [(datetime local, [value or None per counter])]
"""
import struct
from datetime import datetime

BUFFER = 65536
PART = 8000
PERF_AVERAGE_BULK = 0x40020500
PDH_GUID = bytes([0xb3, 0x3b, 0x3f, 0x93, 0x3e, 0x94, 0x0d, 0x49, 0x9c, 0xed, 0x3c, 0xbb, 0x14, 0xc1, 0x44, 0x79])
LOG_GUID = bytes(range(0x21, 0x31))
LOG_GUID_TEXT = "24232221-2625-2827-292a-2b2c2d2e2f30"
EPOCH = datetime(1601, 1, 1)


def filetime(t):
    d = t - EPOCH
    return (d.days * 86400 + d.seconds) * 10000000 + d.microseconds * 10


def wstr(s):
    return s.encode("utf-16-le") + b"\0\0"


def pad(b, n, byte=b"\0"):
    return b + byte * (n - len(b)) if len(b) < n else b


class Writer:
    def __init__(self):
        self.buffers = []
        self.cur = b""

    def close_buffer(self):
        if not self.cur:
            return
        b = self.cur[:0x30] + struct.pack("<I", len(self.cur)) + self.cur[0x34:]
        self.buffers.append(pad(b, BUFFER, b"\xff"))
        self.cur = b""

    def open_buffer(self):
        self.cur = pad(struct.pack("<I", BUFFER), 0x48)

    def event(self, evtype, ft, part, nparts, frag):
        length = 0x30 + 24 + len(frag)
        padded = (length + 7) & ~7
        if self.cur and len(self.cur) + padded > BUFFER:
            self.close_buffer()
        if not self.cur:
            self.open_buffer()
        ev = struct.pack("<HBBBBHIIQ", length, 0x14, 0xC0, evtype, 0, 60, 100, 200, ft) + PDH_GUID
        ev += b"\0" * 8 + LOG_GUID + struct.pack("<II", part, nparts) + frag
        self.cur += pad(ev, padded)

    def record(self, evtype, ft, rec):
        nparts = max(1, (len(rec) + PART - 1) // PART)
        for i in range(nparts):
            self.event(evtype, ft, i + 1, nparts, rec[i * PART:(i + 1) * PART])


def log_header(bias, zone_name, start_ft):
    h = struct.pack("<IIII", BUFFER, 0x0A, 14393, 4) + struct.pack("<Q", 0)
    h = pad(h, 0x28) + struct.pack("<IIII", 1, 8, 0, 0)
    h = pad(h, 0x48)
    tz = struct.pack("<i", bias) + wstr(zone_name)[:64]
    tz = pad(tz, 0x58) + wstr(zone_name)[:64]
    tz = pad(tz, 0xAC)
    h += tz
    h = pad(h, 0xF8) + struct.pack("<Q", start_ft) + struct.pack("<q", 10000000) + struct.pack("<Q", start_ft)
    h += struct.pack("<II", 2, 0)
    h = pad(h, 0x118)
    h += wstr(LOG_GUID_TEXT) + wstr("C:\\Program Files\\Exchange Jetstress\\Results\\perf.blg")
    sysh = struct.pack("<HBBH", 2, 2, 0xC0, 0x20 + len(h))
    return pad(sysh, 0x20) + h


def entry(machine, obj, inst, parent, counter):
    strings = b""
    offs = {}
    for key, val in (("m", machine), ("o", obj), ("i", inst), ("p", parent), ("c", counter)):
        if val is None:
            offs[key] = 0xFFFFFFFF
            continue
        offs[key] = len(strings)
        strings += wstr(val)
    length = (0x34 + len(strings) + 7) & ~7
    e = struct.pack("<IIII", length, 0, 0, PERF_AVERAGE_BULK) + struct.pack("<Qi", 0, 0)
    e += struct.pack("<IIIIII", offs["m"], offs["o"], offs["i"], offs["p"], 0, offs["c"]) + strings
    return pad(e, length)


def write_blg(path, machine, zone_name, bias, counters, rows):
    w = Writer()
    w.open_buffer()
    start = filetime(rows[0][0]) + bias * 600000000
    w.cur += pad(log_header(bias, zone_name, start), 0)
    w.cur = pad(w.cur, (len(w.cur) + 7) & ~7)
    w.close_buffer()
    lst = struct.pack("<II", 0x6FF, 0x20008)
    for (obj, inst, parent, counter) in counters:
        lst += entry("\\\\" + machine, obj, inst, parent, counter)
    w.record(0x20, filetime(rows[0][0]), lst)
    x = [1000000 for _ in counters]
    base = 5000000
    for (t, vals) in rows:
        ft = filetime(t)
        base += 1000
        d = b""
        for k, v in enumerate(vals):
            status = 0
            if v is None:
                status = 0xC0000BBA   # PDH_CSTATUS_INVALID_DATA: no value in this sample
            else:
                x[k] += int(round(v * 1000))
            d += struct.pack("<II", 0x01034C42, 48) + struct.pack("<IQI", status, ft, 0)
            d += struct.pack("<qqII", x[k], base, 1, 0)
        rec = struct.pack("<II", 0x00034C42, 8 + len(d)) + d
        w.record(0x22, ft, rec)
    w.close_buffer()
    with open(path, "wb") as fp:
        fp.write(b"".join(w.buffers))
