#!/usr/bin/env bash
# poppler-glib and libpq are loaded at first use (io/dl/ps_dl.h, issue 20):
#  1. the binary does not link them (no NEEDED entry for them or for GLib, Kerberos, NSS, ...);
#  2. a command that needs neither runs with both missing;
#  3. when one is missing, audit on a PDF and a PostgreSQL store each fail with one line naming
#     the library and its Debian package, exit 4 (a bad environment, not bad input).
# "Missing" is played by an empty file of the library's name first on LD_LIBRARY_PATH, so dlopen
# finds it and refuses it.
set -u
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
fail=0
bad() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if command -v objdump >/dev/null; then
  objdump -p "$PS" | awk '$1 == "NEEDED" { print $2 }' >"$tmp/needed"
  [ -s "$tmp/needed" ] || bad "objdump shows no NEEDED entry"
  if grep -E 'poppler|libpq|glib|gobject|krb5|nss|ldap|ssl|gnutls' "$tmp/needed"; then
    bad "perfscribe links a library it should load at first use"
  fi
else
  echo "note: no objdump (binutils): link check left out"
fi

# the SONAMEs compiled in (taken from the libraries at configure time)
pq=$(grep -aoE 'libpq\.so\.[0-9]+' "$PS" | head -1)
pdf=$(grep -aoE 'libpoppler-glib\.so\.[0-9]+' "$PS" | head -1)
[ -n "$pq" ] && [ -n "$pdf" ] || { bad "no SONAME of libpq/poppler-glib in the binary"; exit 1; }
mkdir "$tmp/lib"
: >"$tmp/lib/$pq"
: >"$tmp/lib/$pdf"
export LD_LIBRARY_PATH=$tmp/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

"$PS" summary "$SRC/samples/perfmon/mbx01-2h.csv" >"$tmp/summary.txt" 2>"$tmp/summary.err" ||
  bad "summary without poppler-glib and libpq: $(cat "$tmp/summary.err")"
grep -q '479 samples' "$tmp/summary.txt" || bad "summary output: $(head -2 "$tmp/summary.txt")"

pdffile=$SRC/tests/data/audit/sample-planted-paper.pdf
"$PS" audit --paper "$pdffile" >"$tmp/audit.out" 2>"$tmp/audit.err"; rc=$?
[ "$rc" = 4 ] || bad "audit on a PDF without poppler-glib: exit $rc, not 4"
[ ! -s "$tmp/audit.out" ] || bad "audit wrote output: $(head -2 "$tmp/audit.out")"
[ "$(wc -l <"$tmp/audit.err")" = 1 ] || bad "audit: not one line on stderr: $(cat "$tmp/audit.err")"
grep -qF "perfscribe: $pdffile: reading PDF papers needs $pdf (Debian package libpoppler-glib" "$tmp/audit.err" ||
  bad "audit message: $(cat "$tmp/audit.err")"

"$PS" store --db postgresql://nobody@/nowhere list >"$tmp/store.out" 2>"$tmp/store.err"; rc=$?
[ "$rc" = 4 ] || bad "store on PostgreSQL without libpq: exit $rc, not 4"
[ "$(wc -l <"$tmp/store.err")" = 1 ] || bad "store: not one line on stderr: $(cat "$tmp/store.err")"
grep -qF "perfscribe: postgresql: a PostgreSQL results store needs $pq (Debian package libpq" \
  "$tmp/store.err" || bad "store message: $(cat "$tmp/store.err")"

[ "$fail" = 0 ] || exit 1
echo "lazy_libs: ok"
