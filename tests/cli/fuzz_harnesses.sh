#!/usr/bin/env bash
# The fuzz harnesses (tests/fuzz, `make fuzz`) still build: every source they name exists and each
# harness compiles against today's headers (tests/fuzz/run.sh --syntax; cc -fsyntax-only when
# clang is missing). Fuzzing itself is `make fuzz`, outside the suite: this only keeps it working
# after files move (a renamed render/output folder and doc header broke it once, unnoticed).
set -euo pipefail
: "${PS_SOURCE_DIR:?}"
. "$(dirname "${BASH_SOURCE[0]}")/../lib/skip.sh"
ps_need_tools pkg-config objdump
bash "$PS_SOURCE_DIR/tests/fuzz/run.sh" --syntax
echo "fuzz harnesses: every named source exists, every harness compiles"
