#!/usr/bin/env bash
# An installed perfscribe works like the build tree's (issue 19):
#  1. `cmake --install` into a temporary prefix puts the binary, the man pages, the bash and zsh
#     completion and the docs in their FHS places;
#  2. the installed binary, run from another folder on the bundled samples, writes the same
#     outputs as the build tree's binary (summary, jetstress, check, report HTML and PDF);
#  3. every man page renders with `man -l` and `groff -ww` without a warning; the bash
#     completion registers `complete -p perfscribe` and offers commands, options and values;
#  4. the Debian package (cpack -G DEB from this build, as `make deb`) has Depends from
#     dpkg-shlibdeps and the libraries loaded at first use (poppler-glib, libpq), the control
#     fields and copyright file, extracts (dpkg -x) to a working binary, and lintian reports no error.
# Parts whose Debian tools are missing skip (exit 77) after the parts that could run.
set -u
PS=${PERFSCRIBE:?}
SRC=${PS_SOURCE_DIR:?}
BUILD=$(cd "$(dirname "$PS")" && pwd)
fail=0
skip=""
bad() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOURCE_DATE_EPOCH=1764547200 LC_ALL=C TZ=UTC

# ---- 1. cmake --install into a temporary prefix
prefix=$tmp/prefix
cmake --install "$BUILD" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; bad "cmake --install"; exit 1; }
for f in bin/perfscribe share/man/man1/perfscribe.1.gz share/man/man5/perfscribe-rules.5.gz share/man/man5/perfscribe-solution.5.gz \
         share/bash-completion/completions/perfscribe share/zsh/vendor-completions/_perfscribe \
         share/doc/perfscribe/copyright share/doc/perfscribe/changelog.gz; do
  [ -s "$prefix/$f" ] || bad "installed file missing: $f"
done
# one page per command in the command table, and nothing else
cmds=$("$PS" help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && $1 != "help" && NF { print $1 }')
[ -n "$cmds" ] || bad "no command listed by 'perfscribe help'"
for c in $cmds; do
  [ -s "$prefix/share/man/man1/perfscribe-$c.1.gz" ] || bad "no man page for $c"
done
npages=$(ls "$prefix"/share/man/man1 | wc -l)
[ "$npages" -eq $(( $(echo "$cmds" | wc -w) + 1 )) ] || bad "man1 holds $npages pages for $(echo $cmds | wc -w) commands"

# ---- 2. the installed binary from another folder: the same outputs as the build tree
run_all() {   # $1 = binary, $2 = output folder; run in $2 with the samples given by absolute path
  local bin=$1 out=$2
  mkdir -p "$out" && cd "$out" || return 1
  "$bin" --version >version.txt
  "$bin" summary --format json "$SRC/samples/perfmon/mbx01-2h.csv" >summary.json 2>summary.err
  "$bin" jetstress "$SRC/samples/jetstress" >jetstress.txt 2>jetstress.err
  "$bin" check "$SRC/samples/jetstress" --junit junit.xml >check.txt 2>check.err; echo "rc=$?" >>check.txt
  "$bin" report "$SRC/samples/jetstress" --solution "$SRC/samples/solution/solution.ini" \
    -o report.html -o report.pdf 2>report.err
  "$bin" help rules >rules.txt
  cd - >/dev/null
}
run_all "$PS" "$tmp/out-build"
run_all "$prefix/bin/perfscribe" "$tmp/elsewhere/out-installed"
for f in version.txt summary.json jetstress.txt check.txt junit.xml report.html report.pdf rules.txt; do
  [ -s "$tmp/out-build/$f" ] || bad "build tree wrote no $f"
  cmp -s "$tmp/out-build/$f" "$tmp/elsewhere/out-installed/$f" || bad "installed binary: $f differs"
done
grep -qx 'rc=1' "$tmp/out-build/check.txt" || bad "check on the samples should exit 1 (MBX02 fails)"
head -1 "$tmp/out-build/version.txt" | grep -q '^perfscribe [0-9]' || bad "--version first line"
grep -q '^revision: ' "$tmp/out-build/version.txt" || bad "--version revision line"
grep -q '^built with: libxml2 .*PCRE2 .*cairo .*libharu ' "$tmp/out-build/version.txt" || bad "--version libraries"

# ---- 3. man pages and completion
if command -v man >/dev/null && command -v groff >/dev/null; then
  for page in "$prefix"/share/man/man*/*.gz; do
    MANWIDTH=80 man -l "$page" >"$tmp/page.txt" 2>"$tmp/page.err"
    [ ! -s "$tmp/page.err" ] || bad "man -l $(basename "$page"): $(cat "$tmp/page.err")"
    [ "$(wc -l <"$tmp/page.txt")" -gt 10 ] || bad "man -l $(basename "$page") renders nearly nothing"
    w=$(zcat "$page" | groff -ww -z -man 2>&1)
    [ -z "$w" ] || bad "groff -ww $(basename "$page"): $w"
  done
  # the man page shows the options of --help (one source): every option label of summary
  MANWIDTH=200 man -l "$prefix/share/man/man1/perfscribe-summary.1.gz" 2>/dev/null >"$tmp/summary.man"
  for o in --counter-file --threads --lenient --format; do
    grep -q -- "$o" "$tmp/summary.man" || bad "perfscribe-summary(1) lacks $o"
  done
else
  skip="$skip man/groff"
fi
comp=$prefix/share/bash-completion/completions/perfscribe
bash -c "source '$comp'; complete -p perfscribe" | grep -q '_perfscribe perfscribe$' || bad "complete -p perfscribe"
if [ -f /usr/share/bash-completion/bash_completion ]; then
  got=$(cd "$SRC/samples" && bash -c '
    source /usr/share/bash-completion/bash_completion; source "$1"
    comp() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE};
             COMPREPLY=(); _perfscribe; echo "${COMPREPLY[*]}"; }
    comp perfscribe je; comp perfscribe summary --for; comp perfscribe summary --format ""
    comp perfscribe check --profile jetstress-201; comp perfscribe help ru' _ "$comp")
  expect=$'jetstress\n--format\ntext csv json\njetstress-2010 jetstress-2013 jetstress-2016 jetstress-2019\nrules'
  [ "$got" = "$expect" ] || bad "bash completion offers: $got"
else
  skip="$skip bash-completion"
fi
if command -v zsh >/dev/null; then
  zsh -n "$prefix/share/zsh/vendor-completions/_perfscribe" || bad "zsh completion does not parse"
  head -1 "$prefix/share/zsh/vendor-completions/_perfscribe" | grep -qx '#compdef perfscribe' || bad "zsh #compdef"
fi

# ---- 4. the Debian package (from release-like builds only: not from a sanitizer build)
if grep -q '^PS_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  echo "note: sanitizer build, the Debian package part is left to the normal build"
elif command -v dpkg-shlibdeps >/dev/null && command -v lintian >/dev/null && command -v cpack >/dev/null; then
  (cd "$tmp" && cpack -G DEB -B "$tmp/deb" --config "$BUILD/CPackConfig.cmake" >cpack.log 2>&1) ||
    { cat "$tmp/cpack.log"; bad "cpack -G DEB"; }
  deb=$(ls "$tmp"/deb/perfscribe_*.deb 2>/dev/null | head -1)
  if [ -n "$deb" ]; then
    dpkg-deb -f "$deb" >"$tmp/control"
    grep -q '^Depends: .*libxml2.*' "$tmp/control" || bad "Depends lacks libxml2 (shlibdeps)"
    grep -q '^Depends: .*libhpdf' "$tmp/control" || bad "Depends lacks libhpdf (shlibdeps)"
    grep -q '^Depends: .*fonts-dejavu-core' "$tmp/control" || bad "Depends lacks fonts-dejavu-core"
    # loaded with dlopen (io/dl), so listed by hand (cmake/PsPackage.cmake), not by shlibdeps
    grep -q '^Depends: .*libpoppler-glib' "$tmp/control" || bad "Depends lacks libpoppler-glib"
    grep -q '^Depends: .*libpq[0-9]' "$tmp/control" || bad "Depends lacks libpq"
    grep -q '^Maintainer: .*<.*@.*>' "$tmp/control" || bad "Maintainer field"
    grep -q '^Description: ' "$tmp/control" || bad "Description field"
    dpkg-deb -x "$deb" "$tmp/root"
    grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' \
      "$tmp/root/usr/share/doc/perfscribe/copyright" || bad "machine-readable copyright"
    run_all "$tmp/root/usr/bin/perfscribe" "$tmp/elsewhere/out-deb"
    for f in summary.json jetstress.txt check.txt report.html report.pdf; do
      cmp -s "$tmp/out-build/$f" "$tmp/elsewhere/out-deb/$f" || bad "packaged binary: $f differs"
    done
    lintian --tag-display-limit 0 --display-info "$deb" >"$tmp/lintian.txt" 2>&1
    if grep -q '^E: ' "$tmp/lintian.txt"; then
      bad "lintian errors:"; grep '^E: ' "$tmp/lintian.txt"
    fi
    grep '^[WI]: ' "$tmp/lintian.txt" | sed 's/^/lintian: /'
  else
    bad "no .deb written"
  fi
else
  skip="$skip deb(dpkg-dev/lintian)"
fi

[ "$fail" = 0 ] || exit 1
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
[ -z "$skip" ] || ps_skip "${skip# } not installed"
echo "install_package: ok"
