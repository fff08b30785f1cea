#!/usr/bin/env python3
"""make_bad_inputs.py OUTDIR - write the hostile input corpus of tests/bad-inputs/.

Every file is small and built from our own bytes or from files in samples/ and tests/data/
(never ../shared). Large inputs (the 1 GB line, deep nesting, huge headers) are NOT written
here: tests/cli/bad_inputs.sh generates them at test time (see GENERATED in cases.tsv).
Run from anywhere: python3 tests/bad-inputs/make_bad_inputs.py tests/bad-inputs
"""
import os
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'tests', 'bad-inputs')
SECRET = 'PS-XXE-SECRET-7f3a91'  # must never appear in any output


def w(name, data):
    if isinstance(data, str):
        data = data.encode('utf-8', 'surrogatepass')
    with open(os.path.join(OUT, name), 'wb') as f:
        f.write(data)


def rd(rel):
    with open(os.path.join(ROOT, rel), 'rb') as f:
        return f.read()


HDR = '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\Memory\\Available MBytes"\r\n'


def csv_row(cell, t='03/14/2026 10:00:00.000'):
    return '"%s","%s"\r\n' % (t, cell)


w('xxe-secret.txt', SECRET + '\n')

# ---- PDH-CSV / TSV (summary)
w('csv-1e999.csv', HDR + csv_row('1e999') + csv_row('5', '03/14/2026 10:00:15.000'))
w('csv-nan.csv', HDR + csv_row('nan'))
w('csv-inf.csv', HDR + csv_row('-inf'))
w('csv-hex-float.csv', HDR + csv_row('0x1p3'))
w('csv-negzero.csv', HDR + csv_row('-0') + csv_row('-0', '03/14/2026 10:00:15.000'))
w('csv-ctl-path.csv', '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\Mem\x1b[31mory\\Available MBytes"\r\n' + csv_row('1'))
w('csv-nul-data.csv', HDR + '"03/14/2026 10:00:00.000","1\x002"\r\n')
w('csv-nul-header.csv', '"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\Mem\x00ory\\Available MBytes"\r\n' + csv_row('1'))
w('csv-bom-invalid-utf8.csv', b'\xef\xbb\xbf' + ('"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\Mem').encode() + b'\xff\xfe' +
  ('ory\\Available MBytes"\r\n' + csv_row('1')).encode())
w('csv-utf16-lone-surrogate.csv', b'\xff\xfe' + ('"(PDH-CSV 4.0) (UTC)(0)","\\\\M\\Mem\ud800ory\\Available MBytes"\r\n'
                                                 + csv_row('1')).encode('utf-16-le', 'surrogatepass'))
w('csv-utf16-odd-length.csv', b'\xff\xfe' + (HDR + csv_row('1')).encode('utf-16-le') + b'A')
w('csv-empty.csv', b'')
w('csv-bom-only.csv', b'\xef\xbb\xbf')
# issue 18 item 15: line ends and marks Windows tools leave
w('csv-utf16-bom-only.csv', b'\xff\xfe')
w('csv-cr-only.csv', (HDR + csv_row('1') + csv_row('2', '03/14/2026 10:00:15.000')).replace('\r\n', '\r'))
w('csv-ctrl-z-end.csv', HDR + csv_row('1') + '\x1a')  # DOS copy /a: the end-of-file mark, accepted
w('csv-ctrl-z-middle.csv', HDR + csv_row('1') + '\x1a\r\n' + csv_row('2', '03/14/2026 10:00:15.000'))
w('counter-file-nul.txt', '\\Memory\\Avail\x00able MBytes\n')
w('csv-unterminated-quote.csv', HDR + '"03/14/2026 10:00:00.000","1\r\n')
w('csv-bad-time.csv', HDR + csv_row('1', '13/45/2026 25:61:61.000'))
w('csv-binary.csv', bytes((i * 37 + 11) % 256 for i in range(4096)))
w('csv-huge-exponent.csv', HDR + csv_row('1' + '0' * 400))
# values near the double range (issue 18 item 14): finite mean, stddev and time-weighted mean
w('csv-near-double-max.csv', HDR + csv_row('1e308') + csv_row('-1e308', '03/14/2026 10:00:01.000')
  + csv_row('1.5e308', '03/14/2026 10:00:03.000'))

# ---- .blg (summary): synthetic-layout-b.blg with one field pointing past the end / truncated
blg = rd('tests/data/blg/synthetic-layout-b.blg')


def patch(off, val=b'\xff\xff\xff\x7f'):
    d = bytearray(blg)
    d[off:off + 4] = val
    return bytes(d)


w('blg-truncated-buffer.blg', blg[:128])
w('blg-truncated-header-event.blg', blg[:384])
w('blg-no-counter-data.blg', blg[:512])
w('blg-one-buffer.blg', blg[:2048])  # cut at exactly one 2 KiB buffer: the header buffer alone
# the bundled Jetstress sample cut at 2048 bytes, inside its 64 KiB header buffer
w('blg-sample-cut-2048.blg', rd('samples/jetstress/MBX01/Stress/Stress_2026_3_16_9_30_5.blg')[:2048])
w('blg-bytes-used-past-end.blg', patch(48))
w('blg-header-event-size.blg', patch(76))
w('blg-pointer-size.blg', patch(148))
w('blg-instance-array-past-end.blg', patch(3740))
w('blg-name-offset-past-end.blg', patch(3760))
w('blg-subrecord-length.blg', patch(3632))
w('blg-event-marker.blg', patch(3552))
w('blg-record-part.blg', patch(3616))
w('blg-record-parts.blg', patch(3620))
i = blg.find('thing'.encode('utf-16-le'))
w('blg-ctl-path.blg', blg[:i] + b'\x1b\x00' + blg[i + 2:])  # counter \\HOST\odd\<ESC>hing

# ---- Jetstress HTML reports (jetstress)
rep = rd('samples/jetstress/MBX01/Performance_2026_3_14_10_11_2.html').decode('utf-8')


def cell(label, value, text=rep):
    i = text.index('>' + label + '</td>')
    j = text.index('<td>', i) + 4
    k = text.index('</td>', j)
    return text[:j] + value + text[k:]


w('html-achieved-1e999.html', cell('Achieved Transactional I/O per Second', '1e999'))
w('html-achieved-nan.html', cell('Achieved Transactional I/O per Second', 'NaN'))
w('html-achieved-negzero.html', cell('Achieved Transactional I/O per Second', '-0'))
w('html-machine-ctl.html', cell('Machine Name', 'MBX\x1b]0;owned\x07<script>x</script>01'))
w('html-machine-markup.html', cell('Machine Name', 'MBX&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;\'01'))
w('html-nul.html', rep.replace('Pass', 'Pa\x00ss', 1))
w('html-invalid-utf8.html', rep.encode('utf-8').replace(b'MBX01', b'MBX\xff\xfe01'))
w('html-utf16-lone-surrogate.html', b'\xff\xfe' + rep.replace('charset=utf-8', 'charset=utf-16')
  .replace('MBX01', 'MBX\udc0001').encode('utf-16-le', 'surrogatepass'))
w('html-entity-decl.html', '<!DOCTYPE html [ <!ENTITY xxe SYSTEM "xxe-secret.txt"> ]>\n'
  + rep.split('\n', 1)[1].replace('<td>MBX01</td>', '<td>&xxe;MBX01</td>'))
w('html-truncated.html', rep[:len(rep) // 2])
w('html-testlog-garbage.html', rep.replace('Preparing for testing...', 'Instance1 (complete) Total 1e999 nan -0 \x01')
  .replace('3/14/2026 9:58:12 AM', '99/99/99999 99:99:99 ZZ'))

# ---- JetstressConfig.xml (jetstress)
W = '<?xml version="1.0"?>\n'
cfg = rd('samples/jetstress/MBX01/JetstressConfig.xml').decode('utf-8')
w('config-xxe.xml', W + '<!DOCTYPE configuration [ <!ENTITY xxe SYSTEM "xxe-secret.txt"> ]>\n'
  + cfg.split('\n', 1)[1].replace('perfscribe sample run', '&xxe;').replace('<Type>Performance', '<Type>&xxe;Performance'))
w('config-xxe-passwd.xml', W + '<!DOCTYPE configuration [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n'
  + cfg.split('\n', 1)[1].replace('perfscribe sample run', '&xxe;'))
w('config-xxe-param.xml', W + '<!DOCTYPE configuration [ <!ENTITY % p SYSTEM "xxe-secret.txt"> %p; ]>\n'
  + cfg.split('\n', 1)[1])
bomb = W + '<!DOCTYPE configuration [\n<!ENTITY a0 "' + 'x' * 40 + '">\n'
for i in range(1, 30):
    bomb += '<!ENTITY a%d "%s">\n' % (i, ('&a%d;' % (i - 1)) * 10)
w('config-entity-bomb.xml', bomb + ']>\n<configuration><TestDesignInfo><Type>&a29;</Type></TestDesignInfo></configuration>\n')
w('config-entity-quadratic.xml', W + '<!DOCTYPE configuration [ <!ENTITY big "' + 'y' * 50000 + '"> ]>\n'
  + '<configuration><TestDesignInfo><Description>' + '&big;' * 20000 + '</Description></TestDesignInfo></configuration>\n')
w('config-deep.xml', W + '<configuration>' + '<a>' * 5000 + '</a>' * 5000 + '</configuration>\n')
w('config-not-wellformed.xml', W + '<configuration><TestDesignInfo><Type>Performance</TestDesignInfo>\n')
w('config-mailboxes-1e999.xml', cfg.replace('<MailboxCount>1000<', '<MailboxCount>1e999<'))
w('config-iops-nan.xml', cfg.replace('<MailboxIops>0.2<', '<MailboxIops>nan<'))
w('config-duration-overflow.xml', cfg.replace('P0Y0M0DT2H0M0S', 'P99999999999999999999Y'))

# ---- threshold files and PAL XML (check --thresholds)
RULE = '"\\Memory\\Available MBytes"  min  server  <  %s MB  error\n'
w('thr-1e999.thresholds', RULE % '1e999')
w('thr-nan.thresholds', RULE % 'nan')
w('thr-ctl.thresholds', '"\\Memory\\Avail\x1b[2Jable MBytes"  min  server  <  1 MB  error\n')
w('thr-nul.thresholds', RULE.replace('Memory', 'Mem\x00ory') % '1')
w('thr-invalid-utf8.thresholds', (RULE % '1').encode().replace(b'Memory', b'Mem\xc3\x28ory'))
PAL = ('<PAL><ANALYSIS NAME="x" ENABLED="True" PRIMARYDATASOURCE="\\Memory\\Available MBytes" ID="1">'
       '<THRESHOLD CONDITION="Critical"><CODE>StaticThreshold -Operator lt -Threshold %s</CODE></THRESHOLD>'
       '</ANALYSIS></PAL>\n')
w('pal-xxe.xml', W + '<!DOCTYPE PAL [ <!ENTITY xxe SYSTEM "xxe-secret.txt"> ]>\n' + PAL % '5 &xxe;')
w('pal-entity-bomb.xml', bomb.replace('configuration', 'PAL') + ']>\n' + PAL % '&a29;')
w('pal-deep.xml', W + '<PAL>' + '<a>' * 5000 + '</a>' * 5000 + '</PAL>\n')
w('pal-threshold-1e999.xml', W + PAL % '1e999')
w('pal-inherit-self.xml', W + '<PAL><INHERITANCE FILEPATH="pal-inherit-self.xml"/>' + PAL[5:] % '5')
w('pal-inherit-stdin.xml', W + '<PAL><INHERITANCE FILEPATH="/dev/stdin"/>' + PAL[5:] % '5')
w('pal-inherit-passwd.xml', W + '<PAL><INHERITANCE FILEPATH="/etc/passwd"/>' + PAL[5:] % '5')

# ---- paper text (audit --paper)
paper = rd('tests/data/audit/minimal-v2-paper.txt')
w('paper-empty.txt', b'')
w('paper-nul.txt', paper.replace(b'\n', b'\x00\n', 3))
w('paper-invalid-utf8.txt', paper.replace(b'\n', b'\xff\xc0\xed\xa0\x80\n', 3))
w('paper-binary.txt', bytes((i * 37 + 11) % 256 for i in range(8192)))
w('paper-long-number.txt', 'Stress Test Result Report\nInstance1.1   ' + '8' * 63 + '.5\n')  # fuzz_paper crash (F28)
w('paper-1e999.txt', paper + b'\nAchieved Transactional I/O per Second 1e999\nTarget Transactional I/O per Second nan\n')

# issue 18 item 11: a paper saved by Notepad as "Unicode" (UTF-16LE with BOM) and one with
# no-break spaces and a decimal comma
w('paper-utf16.txt', b'\xff\xfe' + paper.decode('utf-8').encode('utf-16-le'))
w('paper-nbsp-comma.txt', paper.decode('utf-8').replace('mailboxes simulated          600', 'mailboxes simulated\u00a0600')
  .replace('per mailbox 0.40', 'per mailbox 0,40').encode('utf-8'))

# issue 15 item 1: papers given as PDF (known by content: the .dat one is a PDF too)
def pdf(objs):
    out, offs = b'%PDF-1.4\n', []
    for i, o in enumerate(objs, 1):
        offs.append(len(out))
        out += b'%d 0 obj\n%s\nendobj\n' % (i, o)
    x = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objs) + 1)
    out += b''.join(b'%010d 00000 n \n' % o for o in offs)
    return out + b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objs) + 1, x)
w('paper-pdf-garbage.pdf', b'%PDF-1.7\n' + bytes((i * 53 + 7) % 256 for i in range(4096)))
w('paper-pdf-header-only.dat', b'%PDF-1.4\n')
w('paper-pdf-truncated.pdf', rd('tests/data/audit/sample-planted-paper.pdf')[:3000])
w('paper-pdf-no-text.pdf', pdf([b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
                                b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>']))
w('paper-pdf-no-pages.pdf', pdf([b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [] /Count 0 >>']))

# ---- solution description (report --solution)
w('sol-invalid-utf8.ini', b'[document]\nvendor = A\xffB\n')
w('sol-duplicate.ini', '[document]\nvendor = A\nvendor = B\n')
w('sol-nul.ini', '[document]\nvendor = A\x00B\n')
w('sol-html-injection.ini', '[document]\nvendor = <script>alert(1)</script> & "q" \'s\'\n'
  'product = </title><img src=x onerror=alert(1)>\n')
w('sol-ctl.ini', '[document]\nvendor = Contoso\x1b[31m\x07\n')
w('sol-bad-section.ini', '[docu ment]\nvendor = A\n')

# ---- trend table (trend --table)
T = 'label, Total IOPS [IOPS]\n'
w('trend-1e999.csv', T + 'A, 1e999\nB, 5\n')
w('trend-nan.csv', T + 'A, nan\nB, 5\n')
w('trend-negzero.csv', T + 'A, -0\nB, 5\n')
w('trend-ctl-label.csv', T + '"A\x1b[31m", 4\nB, 5\n')
w('trend-nul.csv', T + 'A\x00, 4\nB, 5\n')
w('trend-unterminated-quote.csv', T + '"A, 4\nB, 5\n')
w('trend-empty.csv', '')
