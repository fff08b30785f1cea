#!/usr/bin/env python3
"""Writes the synthetic PDH-CSV/TSV test files of tests/unit/test_csv.c (run from this folder).
Every file is made up for perfscribe's tests; the expected values are in the test."""

def w(name, text, enc='ascii', bom=b''):
    with open(name, 'wb') as f:
        f.write(bom + text.encode(enc))

# quoting, blanks, doubled quotes and a comma inside a name, exponent, LF
w('basic.csv',
  '"(PDH-CSV 4.0) (Pacific Standard Time)(480)","\\\\HOST\\Processor(_Total)\\% Processor Time",'
  '"\\\\HOST\\Memory\\Available MBytes","\\\\HOST\\Net(a,b ""x"")\\Bytes/sec"\n'
  '"01/02/2024 03:04:05.006","12.5"," ","1e3"\n'
  '"01/02/2024 03:04:06.006","","42","-0.25"\n')

# TSV, unquoted cells, CRLF, no final newline, zone east of UTC
w('tabs.tsv',
  '"(PDH-TSV 4.0) (W. Europe Standard Time)(-60)"\t"\\\\SRV\\LogicalDisk(C:)\\% Free Space"\t'
  '"\\\\SRV\\System\\Processes"\r\n'
  '12/31/2023 23:59:59.999\t50.5\t120\r\n'
  '"01/01/2024 00:00:00.999"\t" "\t121')

NAMES = ('"(PDH-CSV 4.0) (Mitteleuropäische Zeit)(-60)","\\\\HÖST\\Prozessor(_Total)\\% Prozessorzeit für Tests",'
         '"\\\\HÖST\\Speicher(\U0001F600)\\Verfügbare MB"\r\n'
         '"03/04/2024 05:06:07.080","1.5","2"\r\n')
w('utf16le.csv', NAMES, 'utf-16-le', b'\xff\xfe')
w('utf16be.csv', NAMES, 'utf-16-be', b'\xfe\xff')
w('utf8bom.csv', NAMES, 'utf-8', b'\xef\xbb\xbf')

# legacy 8-bit names: Windows-1252 (no byte of 0x81 0x8D 0x8F 0x90 0x9D) and OEM 850
w('cp1252.csv',
  '"(PDH-CSV 4.0) (Romance Standard Time)(-60)","\\\\SRV\\Processeur(_Total)\\% temps privilégié €"\n'
  '"05/06/2024 07:08:09.010","3.25"\n', 'cp1252')
w('cp850.csv',
  '"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)","\\\\SRV\\Datenträger(C:)\\Schreibvorgänge/s für Prüfung"\n'
  '"05/06/2024 07:08:09.010","7"\n', 'cp850')

# decimal comma (values with one comma and no dot)
w('comma.csv',
  '"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)","\\\\SRV\\A\\x","\\\\SRV\\B\\y","\\\\SRV\\C\\z"\r\n'
  '"02/03/2024 10:00:00.000","9","5,036"," "\r\n'
  '"02/03/2024 10:00:01.000","0,8","-1,5","12"\r\n')

# typeperf console capture: leading blank line, bare tag, trailer messages
w('typeperf.csv',
  '\r\n"(PDH-CSV 4.0)","\\\\PC\\Processor(_Total)\\% Processor Time"\r\n'
  '"06/07/2024 08:09:10.111","1.000000"\r\n'
  '"06/07/2024 08:09:11.111","2.500000"\r\n'
  '\r\nExiting, please wait...\r\nThe command completed successfully.\r\n')

# tag-less first cell, duplicate column, no final newline
w('tagless.csv',
  '"(Pacific Daylight Time)(420)","\\\\M\\Processor(_Total)\\% Processor Time",'
  '"\\\\M\\Processor(_Total)\\% Processor Time"\n'
  '"07/08/2008 11:36:51.794","1","2"\n'
  '"07/08/2008 11:36:52.794","3","4"')

# lenient mode: line 3 wrong field count, line 4 bad number, line 5 bad timestamp
w('lenient.csv',
  '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\A\\x","\\\\M\\B\\y"\n'
  '"01/01/2024 00:00:00.000","1","2"\n'
  '"01/01/2024 00:00:01.000","3"\n'
  '"01/01/2024 00:00:02.000","4x","5"\n'
  '"13/45/2024 00:00:03.000","6","7"\n'
  '"01/01/2024 00:00:04.000","8","9"\n')
