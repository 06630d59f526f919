#!/usr/bin/env bash
# The host's instructions per tap (bar button -> screen shown -> close; the plugins' own code left
# out), cache hit and miss, counted by callgrind inside the measured taps only: deterministic for
# the same binaries and inputs, so CI may run it (no clock involved). The goals (#36: ≤ 30 k hit,
# ≤ 100 k miss) are printed; --check exits 1 when a count is over its CI ceiling (a regression
# past today's count: Instructions.ceilings).
#   Benchmarks/callgrind.sh [--taps N] [--json] [--check]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
Benchmarks/build.sh
exec Benchmarks/.build/release/plugboard-bench instructions "$@"
