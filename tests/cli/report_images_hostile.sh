#!/usr/bin/env bash
# Hostile images named by the solution file: each is refused with one line naming the solution
# file, the line and the image, exit 3 (no signal, no output file left); a hostile link or raw
# HTML in the text is escaped (exit 0). The images are made here: a truncated PNG, a PNG header
# claiming 30,000 x 30,000 pixels, a PNG whose pixel data does not inflate, a JPEG with a bad
# marker, a text file named .png, a folder, /dev/zero and a URL.
set -uo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
python3 - "$PS_SOURCE_DIR/samples/solution" <<'PY'
import struct, sys, zlib
src = sys.argv[1]
png = open(src + "/topology.png", "rb").read()
jpg = open(src + "/lun-layout.jpg", "rb").read()
def chunk(t, data):
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xffffffff)
sig = b"\x89PNG\r\n\x1a\n"
open("truncated.png", "wb").write(png[:len(png) // 2])
ihdr = struct.pack(">IIBBBBB", 30000, 30000, 8, 2, 0, 0, 0)
open("huge.png", "wb").write(sig + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
ihdr = struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0)   # valid CRCs, pixel data one row short
open("short-idat.png", "wb").write(sig + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * (63 * 193)))
                                   + chunk(b"IEND", b""))
seg = 4 + struct.unpack(">H", jpg[4:6])[0]          # the marker after the APP0 segment
open("bad-marker.jpg", "wb").write(jpg[:seg] + b"\xff\x01" + jpg[seg + 2:])
open("text.png", "w").write("<svg onload=alert(1)>not an image</svg>\n")
PY
mkdir dir.png
ok=0; bad=0
fail() { echo "FAIL: $*"; bad=$((bad + 1)); }
# case IMAGE-PATH EXPECTED-REASON
case_img() {
    printf '[document]\nvendor = Contoso\n[text]\nfeatures = Intro text.\n  .\n  ![Hostile](%s)\n' "$1" >sol.ini
    rm -rf out; mkdir out
    "$PERFSCRIBE" report -q "$PS_SOURCE_DIR/samples/jetstress/MBX01" --solution sol.ini -o out/r.pdf -o out/r.html \
        >/dev/null 2>err
    rc=$?
    last=$(tail -n 1 err)
    want="perfscribe: sol.ini:6:1: image '$1': $2"
    if [ "$rc" != 3 ]; then fail "$1: exit $rc (want 3): $last"
    elif [ "$last" != "$want" ]; then fail "$1: stderr '$last', want '$want'"
    elif [ -n "$(ls -A out)" ]; then fail "$1: output left: $(ls -A out)"
    else ok=$((ok + 1)); fi
}
case_img truncated.png "truncated PNG (a chunk is longer than the file)"
case_img huge.png "image too large (at most 8000 pixels a side and 24 megapixels)"
case_img short-idat.png "corrupt PNG (the pixel data does not inflate to the image size)"
case_img bad-marker.jpg "corrupt JPEG (bad marker)"
case_img text.png "not a PNG or JPEG image"
case_img dir.png "is a directory, not a PNG or JPEG file"
case_img /dev/zero "/dev/zero is not a regular file (a FIFO, device or terminal)"   # issue 31 item 9
case_img "https://example.com/x.png" "only local PNG or JPEG files (no URLs; documents embed their images)"

# the logo is checked the same way (its line and column are the entry's)
printf '[document]\nvendor = Contoso\nlogo = huge.png\n' >sol.ini
"$PERFSCRIBE" report -q "$PS_SOURCE_DIR/samples/jetstress/MBX01" --solution sol.ini -o r.html >/dev/null 2>err
rc=$?
[ "$rc" = 3 ] && [ "$(tail -n 1 err)" = "perfscribe: sol.ini:3:1: image 'huge.png': image too large (at most 8000 pixels a side and 24 megapixels)" ] \
    && ok=$((ok + 1)) || fail "logo: exit $rc: $(tail -n 1 err)"

# markup in the text: escaped in HTML, no script, no javascript: link, no raw tag
cat >sol.ini <<'INI'
[document]
vendor = <script>alert(1)</script> Contoso
[text]
features = <img src=x onerror=alert(1)> and [a link](javascript:alert(2)) and **bold**
  .
  <script>alert(3)</script>
INI
"$PERFSCRIBE" report -q "$PS_SOURCE_DIR/samples/jetstress/MBX01" --solution sol.ini -o r.html -o r.pdf >/dev/null 2>err
rc=$?
if [ "$rc" != 0 ]; then fail "markup: exit $rc: $(tail -n 1 err)"
elif grep -q '<script\|<img src=x\|javascript:' r.html; then fail "markup passed through: $(grep -o '<script[^>]*>\|<img src=x[^>]*>\|href="javascript[^"]*"' r.html | head -3)"
elif ! grep -q '&lt;img src=x onerror=alert(1)&gt; and a link and <strong>bold</strong>' r.html; then fail "markup: escaped text not found"
elif ! grep -q '&lt;script&gt;alert(3)&lt;/script&gt;' r.html; then fail "markup: escaped HTML block not found"
else ok=$((ok + 1)); fi
echo "$ok passed, $bad failed"
[ "$bad" = 0 ]
