#!/usr/bin/env python3
"""Write the analysis test logs: an English PDH-CSV log of a file server (2 hours, 15 s samples)
and its German twin, the same values under the names a German Windows writes.

  server-en.csv  ASCII, "(PDH-CSV 4.0) (Pacific Standard Time)(480)"
  server-de.csv  Windows-1252 (ANSI, as Performance Monitor's CSV export writes on a German
                 system), zone "(W. Europe Standard Time)(-60)", the same UTC instants

German names: the facts of PAL's CounterLang.xml (MIT), the reference of the generated table
model/analyze/names/an_names_table.c. Values are deterministic (no random module):
  * Processor(_Total) about 35 %, 86 % between 00:40 and 00:55 (warning > 75 of 'system');
  * LogicalDisk(D:) read latency about 6 ms, 31 ms between 01:20 and 01:30 (critical > 25);
  * LogicalDisk(C:) and _Total ordinary; memory and network well inside the limits;
  * one blank cell (a missed sample) in the first row, as PDH writes for rate counters.
Run from this folder: python3 make_twins.py
"""
import math

EN = ["Processor(_Total)\\% Processor Time", "Processor(0)\\% Processor Time", "Processor(1)\\% Processor Time",
      "Processor(_Total)\\% Privileged Time", "Memory\\Available MBytes", "Memory\\% Committed Bytes In Use",
      "Memory\\Pages/sec", "LogicalDisk(C:)\\Avg. Disk sec/Read", "LogicalDisk(D:)\\Avg. Disk sec/Read",
      "LogicalDisk(_Total)\\Avg. Disk sec/Read", "LogicalDisk(D:)\\Avg. Disk sec/Write",
      "LogicalDisk(D:)\\% Free Space", "LogicalDisk(D:)\\Current Disk Queue Length",
      "Network Interface(Intel[R] Ethernet)\\Bytes Total/sec",
      "Network Interface(Intel[R] Ethernet)\\Current Bandwidth",
      "Network Interface(Intel[R] Ethernet)\\Output Queue Length"]
OBJ_DE = {"Processor": "Prozessor", "Memory": "Arbeitsspeicher", "LogicalDisk": "Logischer Datentr\u00e4ger",
          "Network Interface": "Netzwerkschnittstelle"}
CNT_DE = {"% Processor Time": "Prozessorzeit (%)", "% Privileged Time": "Privilegierte Zeit (%)",
          "Available MBytes": "Verf\u00fcgbare MB", "% Committed Bytes In Use": "Zugesicherte verwendete Bytes (%)",
          "Pages/sec": "Seiten/s", "Avg. Disk sec/Read": "Mittlere Sek./Lesevorg\u00e4nge",
          "Avg. Disk sec/Write": "Mittlere Sek./Schreibvorg\u00e4nge", "% Free Space": "Freier Speicherplatz (%)",
          "Current Disk Queue Length": "Aktuelle Warteschlangenl\u00e4nge",
          "Bytes Total/sec": "Gesamtanzahl Bytes/s", "Current Bandwidth": "Aktuelle Bandbreite",
          "Output Queue Length": "Ausgabewarteschlangenl\u00e4nge"}
ROWS = 480      # 2 hours at 15 s


def german(path):
    obj, rest = path.split("(", 1) if "(" in path.split("\\")[0] else (path.split("\\")[0], None)
    if rest is not None:
        inst, cnt = rest.split(")\\", 1)
        return "%s(%s)\\%s" % (OBJ_DE[obj], inst, CNT_DE[cnt])
    obj, cnt = path.split("\\", 1)
    return "%s\\%s" % (OBJ_DE[obj], CNT_DE[cnt])


def wave(i, k):
    return math.sin(i * 0.37 + k) * 0.5 + math.sin(i * 0.113 + 2 * k) * 0.5   # -1..1


def values(i):
    minute = i * 15 / 60.0
    busy = 40 <= minute < 55
    slow = 80 <= minute < 90
    p0 = (84 if busy else 33) + 4 * wave(i, 1)
    p1 = (88 if busy else 37) + 4 * wave(i, 2)
    tot = (p0 + p1) / 2
    d_read = (0.031 if slow else 0.006) + 0.002 * wave(i, 3)
    c_read = 0.004 + 0.001 * wave(i, 4)
    return [tot, p0, p1, tot * 0.2, 5200 + 300 * wave(i, 5), 41 + 2 * wave(i, 6), 12 + 10 * abs(wave(i, 7)),
            c_read, d_read, (c_read + d_read) / 2, 0.003 + 0.001 * wave(i, 8), 37.5 - i * 0.001,
            (6 if slow else 1) + abs(wave(i, 9)), 2.0e6 + 5e5 * wave(i, 10), 1.0e9, 0]


def cell(v):
    return "%.6f" % v


def write(name, zone, bias, hour0, paths, encoding):
    lines = ['"(PDH-CSV 4.0) (%s)(%d)","%s"' % (zone, bias, '","'.join("\\\\FS01\\" + p for p in paths))]
    for i in range(ROWS):
        sec = i * 15
        v = values(i)
        cells = [cell(x) for x in v]
        if i == 0:
            cells[6] = " "     # Pages/sec: a rate has no first value
        t = "12/01/2026 %02d:%02d:%02d.000" % (hour0 + sec // 3600, sec // 60 % 60, sec % 60)
        lines.append('"%s","%s"' % (t, '","'.join(cells)))
    with open(name, "w", encoding=encoding, newline="\r\n") as f:
        f.write("\n".join(lines) + "\n")


# same UTC instants: 01:00 Pacific (UTC-8) = 09:00 UTC = 10:00 in Berlin (UTC+1)
write("server-en.csv", "Pacific Standard Time", 480, 1, EN, "ascii")
write("server-de.csv", "W. Europe Standard Time", -60, 10, [german(p) for p in EN], "cp1252")
