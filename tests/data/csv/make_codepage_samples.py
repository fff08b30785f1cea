#!/usr/bin/env python3
"""Writes the legacy code-page logs of tests/unit/test_codepage.c into codepage/ (run from this
folder): PDH-CSV headers as a localized Windows writes them in its ANSI (or OEM) code page, no
byte order mark, and codepage/expected.tsv with what the reader must return for each, in UTF-8
(file, encoding, zone, then every counter path). The bytes come from Python's codecs, not from
the glibc iconv the reader uses. The names are made up in the style of localized Windows
counter names (not copied from any log)."""

SAMPLES = [
    # file, Python codec, perfscribe encoding name, zone, counter paths
    ('ru-1251.csv', 'cp1251', 'cp1251', 'RTZ 2 (зима)',
     ['\\\\SRV01\\Процессор(_Total)\\% загруженности процессора', '\\\\SRV01\\Память\\Доступно МБ',
      '\\\\SRV01\\Логический диск(C:)\\Среднее время чтения с диска (с)']),
    ('ru-866.csv', 'cp866', 'cp866', 'RTZ 2 (зима)',
     ['\\\\SRV01\\Процессор(_Total)\\% загруженности процессора', '\\\\SRV01\\Память\\Доступно МБ']),
    ('uk-1251.csv', 'cp1251', 'cp1251', 'FLE Standard Time',
     ['\\\\SRV01\\Процесор(_Total)\\% використання процесора', '\\\\SRV01\\Пам\'ять\\Доступно МБ']),
    ('fr-1252.csv', 'cp1252', 'cp1252', 'Romance Standard Time',
     ['\\\\SRV\\Mémoire\\Mégaoctets disponibles', '\\\\SRV\\Processeur(_Total)\\% temps processeur']),
    ('de-1252.csv', 'cp1252', 'cp1252', 'Mitteleuropäische Zeit',
     ['\\\\SRV\\Speicher\\Verfügbare MB', '\\\\SRV\\Datenträger(C:)\\Übertragungen/s']),
    ('de-850.csv', 'cp850', 'cp850', 'W. Europe Standard Time',
     ['\\\\SRV\\Speicher\\Verfügbare MB', '\\\\SRV\\Datenträger(C:)\\Schreibvorgänge/s für Prüfung']),
    ('pl-1250.csv', 'cp1250', 'cp1250', 'Środkowoeuropejski czas stand.',
     ['\\\\SRV\\Pamięć\\Dostępne MB', '\\\\SRV\\Dysk fizyczny(_Total)\\Średnia długość kolejki dysku']),
    ('cs-1250.csv', 'cp1250', 'cp1250', 'Central Europe Standard Time',
     ['\\\\SRV\\Paměť\\Dostupné MB', '\\\\SRV\\Procesor(_Total)\\Čas procesoru (%)']),
    ('el-1253.csv', 'cp1253', 'cp1253', 'GTB Standard Time',
     ['\\\\SRV\\Μνήμη\\Διαθέσιμα MB', '\\\\SRV\\Επεξεργαστής(_Total)\\% χρόνου επεξεργαστή']),
    ('tr-1254.csv', 'cp1254', 'cp1254', 'Turkey Standard Time',
     ['\\\\SRV\\İşlemci(_Total)\\% İşlemci Zamanı', '\\\\SRV\\Bellek\\Kullanılabilir MB']),
    ('ja-932.csv', 'cp932', 'cp932', '東京 (標準時)',
     ['\\\\SRV\\プロセッサ(_Total)\\% プロセッサ時間', '\\\\SRV\\メモリ\\使用可能メガバイト',
      '\\\\SRV\\物理ディスク(_Total)\\平均ディスク秒/読み取り']),
    ('zh-936.csv', 'gbk', 'cp936', '中国标准时间',
     ['\\\\SRV\\处理器(_Total)\\% 处理器时间', '\\\\SRV\\内存\\可用 MB', '\\\\SRV\\物理磁盘(_Total)\\平均磁盘秒/读']),
    ('ko-949.csv', 'cp949', 'cp949', '대한민국 표준시',
     ['\\\\SRV\\프로세서(_Total)\\% 프로세서 시간', '\\\\SRV\\메모리\\사용 가능한 MB']),
    ('zh-950.csv', 'cp950', 'cp950', '台北標準時間',
     ['\\\\SRV\\處理器(_Total)\\% 處理器時間', '\\\\SRV\\記憶體\\可用 MB', '\\\\SRV\\實體磁碟(_Total)\\平均磁碟秒/讀取']),
]

with open('codepage/expected.tsv', 'w', encoding='utf-8', newline='\n') as exp:
    exp.write('# file\tencoding\tzone\tcounter paths... (UTF-8), written by make_codepage_samples.py\n')
    for name, codec, enc, zone, paths in SAMPLES:
        head = '"(PDH-CSV 4.0) (%s)(-60)",' % zone + ','.join('"%s"' % p for p in paths) + '\r\n'
        rows = ''.join('"03/14/2026 10:00:%02d.000",' % s + ','.join('"%d"' % (s + k) for k in range(len(paths))) + '\r\n'
                       for s in range(3))
        with open('codepage/' + name, 'wb') as f:
            f.write(head.encode(codec) + rows.encode('ascii'))
        exp.write('\t'.join([name, enc, zone] + paths) + '\n')
