#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS - build every tests/fuzz/fuzz_*.c harness (fuzz_X_seeds.c are seed
# generators: run with the corpus directory; fuzz_X_repack.py re-buffers real samples) with clang
# -fsanitize=fuzzer,address,undefined in build-fuzz/ and run each one for SECONDS with its seed
# corpus (tests/fuzz/seeds/<harness>/, generated seeds, and - when ../shared is present - the
# real samples repacked into small buffers; those stay in build-fuzz/, never in the repository).
# Crashers are left in build-fuzz/artifacts/<harness>/; the exit status is non-zero if any.
# Further arguments name the harnesses to run (e.g. "fuzz_csv fuzz_js_html"); default: all.
# Seeds are also taken from tests/fuzz/corpus/<harness>/ (small files derived from samples/, tests/).
# run.sh --syntax: no fuzzing; check that every source the harnesses name exists and compile each
# harness with -fsyntax-only (cc when clang is missing): the suite runs it (tests/cli/fuzz_harnesses.sh)
# so a renamed file or header cannot break `make fuzz` unnoticed.
set -euo pipefail
SYNTAX=
[ "${1:-}" = --syntax ] && { SYNTAX=1; shift; }
SECONDS_PER=${1:-60}
shift || true
ONLY=" $* "
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$ROOT/build-fuzz
CC=${CC:-clang}
[ -n "$SYNTAX" ] && ! command -v "$CC" >/dev/null && CC=cc
if ! command -v "$CC" >/dev/null; then
  echo "run.sh: $CC not found; Debian: apt-get install clang libclang-rt-dev" >&2
  exit 2
fi
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"
PKGS="libxml-2.0 libpcre2-8 poppler-glib zlib"   # poppler-glib: papers as PDF (parser/paper/paper_pdf.c); zlib: PNG checks
# every folder holding a header is on the include path, as in CMakeLists.txt
INCS=$(find "$ROOT/model" "$ROOT/io" "$ROOT/parser" "$ROOT/render" "$ROOT/store" "$ROOT/cli/pipeline" -name '*.h' -printf '-I%h\n' | sort -u | tr '\n' ' ')
# poppler-glib is loaded with dlopen by its SONAME (io/dl/ps_dl.h), read from the library as
# cmake/PsLazyLibs.cmake does; the harnesses still link it (dlopen then finds it loaded)
PDF_LIB=$(pkg-config --variable=libdir poppler-glib)/libpoppler-glib.so
PDF_SONAME=$(objdump -p "$PDF_LIB" | awk '$1 == "SONAME" { print $2 }')
PDF_DEBPKG=$(dpkg -S "$(readlink -f "$PDF_LIB")" 2>/dev/null | sed 's/[:,].*//' || true)
LAZY="-DPS_SONAME_POPPLER_GLIB=\"$PDF_SONAME\" -DPS_DEBPKG_POPPLER_GLIB=\"${PDF_DEBPKG:-libpoppler-glib}\""
# libpq likewise, for the results store (fuzz_store; store/db_pg.c)
PQ_SONAME=$(objdump -p "$(pkg-config --variable=libdir libpq)/libpq.so" 2>/dev/null | awk '$1 == "SONAME" { print $2 }')
LAZY="$LAZY -DPS_SONAME_LIBPQ=\"${PQ_SONAME:-libpq.so.5}\" -DPS_DEBPKG_LIBPQ=\"libpq5\""
CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DPS_VERSION=\"fuzz\" -DPS_SOURCE_DIR=\"$ROOT\" $LAZY $INCS $(pkg-config --cflags $PKGS)"
LIBS="$(pkg-config --libs $PKGS) -lm"
# libraries: model, io, parser and the render files the harnesses need (no cairo/hpdf)
# (the results store, store/, needs SQLite and libpq: not linked into the harnesses)
RENDER=${FUZZ_RENDER:-"out/pdh_write.c out/numfmt.c out/escape.c outfile/outfile.c outfile/outfile_tmp.c doc/doc_image.c"}
if [ -n "$SYNTAX" ]; then
  bad=0
  for r in $RENDER; do
    [ -f "$ROOT/render/$r" ] || { echo "run.sh: render/$r (RENDER) does not exist" >&2; bad=1; }
  done
  for h in "$ROOT"/tests/fuzz/fuzz_*.c; do
    xpkgs=$(sed -n 's/^.*fuzz-pkgs: *//p' "$h" | head -1 | sed 's|\*/.*||')
    for pat in $(sed -n 's/^.*fuzz-extra: *//p' "$h" | head -1 | sed 's|\*/.*||'); do
      for src in "$ROOT"/$pat; do
        [ -f "$src" ] || { echo "run.sh: ${h##*/} names $pat (fuzz-extra), which does not exist" >&2; bad=1; }
      done
    done
    $CC $CFLAGS -I"$ROOT/tests/unit" $([ -n "$xpkgs" ] && pkg-config --cflags $xpkgs) -fsyntax-only "$h" || bad=1
  done
  exit $bad
fi
mkdir -p "$OUT/obj" "$OUT/corpus" "$OUT/artifacts"
objs=()
while IFS= read -r src; do objs+=("$src"); done < <(find "$ROOT/model" "$ROOT/io" "$ROOT/parser" -name '*.c' | sort)
for r in $RENDER; do objs+=("$ROOT/render/$r"); done
# the built-in analysis rule packs, embedded as CMake does
cmake -DOUT="$OUT/ps_rule_packs.c" -DDIR="$ROOT/parser/rules/packs" -DVAR=ps_embedded_rule_packs \
  -P "$ROOT/cmake/embed.cmake" >/dev/null
objs+=("$OUT/ps_rule_packs.c")
built=()
for src in "${objs[@]}"; do
  rel=${src#"$ROOT"/}
  o=$OUT/obj/${rel//\//_}; o=${o%.c}.o
  if [ ! -f "$o" ] || [ "$src" -nt "$o" ] || [ "$0" -nt "$o" ] || \
     [ -n "$(find "$ROOT/model" "$ROOT/io" "$ROOT/parser" "$ROOT/render" -name '*.h' -newer "$o" 2>/dev/null | head -1)" ]; then
    $CC $CFLAGS $SAN -fsanitize=fuzzer-no-link -c "$src" -o "$o"
  fi
  built+=("$o")
done
fail=0
for h in "$ROOT"/tests/fuzz/fuzz_*.c; do
  name=$(basename "${h%.c}")
  case $name in *_seeds) continue ;; esac
  [ "$ONLY" = "  " ] || case $ONLY in *" $name "*) ;; *) continue ;; esac
  # a harness may name more sources (paths under the root, globs allowed) and pkg-config modules
  # in its header comment: "fuzz-extra: render/doc/doc_markdown.c ...", "fuzz-pkgs: sqlite3 ..."
  # (a comment's closing "*/" is not a name: it would glob to every folder)
  extra=() xpkgs=$(sed -n 's/^.*fuzz-pkgs: *//p' "$h" | head -1 | sed 's|\*/.*||')
  for pat in $(sed -n 's/^.*fuzz-extra: *//p' "$h" | head -1 | sed 's|\*/.*||'); do
    for src in "$ROOT"/$pat; do
      rel=${src#"$ROOT"/}; o=$OUT/obj/${rel//\//_}; o=${o%.c}.o
      [ -f "$o" ] && [ "$o" -nt "$src" ] && [ "$o" -nt "$0" ] || \
        $CC $CFLAGS $([ -n "$xpkgs" ] && pkg-config --cflags $xpkgs) $SAN -fsanitize=fuzzer-no-link -c "$src" -o "$o"
      extra+=("$o")
    done
  done
  $CC $CFLAGS $([ -n "$xpkgs" ] && pkg-config --cflags $xpkgs) $SAN -fsanitize=fuzzer "$h" "${built[@]}" "${extra[@]}" \
    $LIBS $([ -n "$xpkgs" ] && pkg-config --libs $xpkgs) -o "$OUT/$name"
  corpus=$OUT/corpus/$name
  mkdir -p "$corpus" "$OUT/artifacts/$name"
  [ -d "$ROOT/tests/fuzz/seeds/$name" ] && cp -n "$ROOT"/tests/fuzz/seeds/$name/* "$corpus"/ 2>/dev/null || true
  [ -d "$ROOT/tests/fuzz/corpus/$name" ] && cp -n "$ROOT"/tests/fuzz/corpus/$name/* "$corpus"/ 2>/dev/null || true
  if [ -f "$ROOT/tests/fuzz/${name}_seeds.c" ]; then
    $CC $CFLAGS -I"$ROOT/tests/unit" "$ROOT/tests/fuzz/${name}_seeds.c" $(find "$ROOT/model" "$ROOT/io" -name '*.c') $LIBS -o "$OUT/${name}_seeds"
    "$OUT/${name}_seeds" "$corpus"
  fi
  if [ -f "$ROOT/tests/fuzz/${name}_repack.py" ] && [ -d "$ROOT/../shared/real-samples" ]; then
    python3 "$ROOT/tests/fuzz/${name}_repack.py" "$ROOT/../shared/real-samples" "$corpus" || true
  fi
  dict=()
  [ -f "$ROOT/tests/fuzz/$name.dict" ] && dict=(-dict="$ROOT/tests/fuzz/$name.dict")
  echo "=== $name: ${SECONDS_PER}s, corpus $(ls "$corpus" | wc -l) files"
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "$OUT/$name" "${dict[@]}" -max_total_time="$SECONDS_PER" -max_len=65536 -rss_limit_mb=2048 \
      -timeout=10 -print_final_stats=1 -artifact_prefix="$OUT/artifacts/$name/" "$corpus" \
      2>&1 | tee "$OUT/$name.log" | grep -E "^(#[0-9]+.*(pulse|DONE)|stat::|==[0-9]+==ERROR|SUMMARY)" ; then
    :
  fi
  if [ -n "$(ls -A "$OUT/artifacts/$name" 2>/dev/null)" ]; then
    echo "!!! $name: crashers in $OUT/artifacts/$name" >&2
    fail=1
  fi
done
exit $fail
