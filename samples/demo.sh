#!/usr/bin/env bash
# make demo: run perfscribe on the bundled sample. $1 = path of the perfscribe binary.
set -euo pipefail
PS=${1:-build/perfscribe}
cd "$(dirname "$0")/.."
"$PS" --version
