#!/usr/bin/env bash
# A missing font is an I/O error (exit 4) that names the Debian package to install, and leaves no
# output behind: fontconfig is pointed at a configuration without the DejaVu fonts, then at one
# with DejaVu only (the Chinese sample then lacks a CJK font).
set -uo pipefail
: "${PERFSCRIBE:?}" "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
command -v fc-match >/dev/null || ps_skip "fc-match not installed"
dejavu=$(fc-match -f '%{file}' 'DejaVu Sans')
case "$dejavu" in *DejaVuSans.ttf) ;; *) ps_skip "DejaVu Sans not installed";; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/none" "$tmp/cache"
conf() {   # conf FILE DIR: a fontconfig configuration with one font folder
  printf '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig><dir>%s</dir><cachedir>%s</cachedir></fontconfig>\n' \
    "$2" "$tmp/cache" >"$1"
}
conf "$tmp/none.conf" "$tmp/none"
conf "$tmp/dejavu.conf" "$(dirname "$dejavu")"
run="$PS_SOURCE_DIR/samples/jetstress/MBX03"
fail=0
expect() {   # expect RC PATTERN CONF -- args...
  local want=$1 pat=$2 cf=$3; shift 4
  FONTCONFIG_FILE=$cf "$PERFSCRIBE" report "$@" -q >/dev/null 2>"$tmp/err"; local rc=$?
  if [ "$rc" != "$want" ] || { [ -n "$pat" ] && ! grep -q -- "$pat" "$tmp/err"; }; then
    echo "FAIL ($rc, want $want, /$pat/): $*"; cat "$tmp/err"; fail=1
  fi
}
expect 4 'font "DejaVu Sans".*install the Debian package fonts-dejavu-core' "$tmp/none.conf" -- "$run" -o "$tmp/a.pdf"
expect 4 "U+7BC4 '範'.*install the Debian package fonts-wqy-microhei" "$tmp/dejavu.conf" -- \
  "$run" --solution "$PS_SOURCE_DIR/samples/solution/solution-zh-tw.ini" -o "$tmp/b.pdf" -o "$tmp/b.html"
[ ! -e "$tmp/a.pdf" ] && [ ! -e "$tmp/b.pdf" ] && [ ! -e "$tmp/b.html" ] || { echo "FAIL: output left behind"; fail=1; }
# the HTML alone needs no font file
expect 0 "" "$tmp/none.conf" -- "$run" -o "$tmp/c.html"
# Latin text with DejaVu only is fine
expect 0 "" "$tmp/dejavu.conf" -- "$run" --lang en -o "$tmp/d.pdf"   # MBX03 is zh-TW: English stock texts
exit $fail
