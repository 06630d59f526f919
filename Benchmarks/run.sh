#!/usr/bin/env bash
# The benchmark suite in one command: builds the main package and this one in release, then
# prints every figure with its baseline, ratio and goal.
#   Benchmarks/run.sh [--json] [--quick] [--filter NAME]… [--no-instructions] [--check]
#   Benchmarks/run.sh suite [ARGS…]     the same workloads under ordo-one/benchmark
#                                       (`swift package benchmark ARGS…`: wall clock,
#                                       instructions where counted, allocations)
set -euo pipefail
cd "$(dirname "$0")/.."
Benchmarks/build.sh
if [ "${1:-}" = suite ]; then
    shift
    cd Benchmarks && exec swift package benchmark "$@"
fi
exec Benchmarks/.build/release/plugboard-bench run "$@"
