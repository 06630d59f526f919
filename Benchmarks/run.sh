#!/usr/bin/env bash
# The benchmark suite in one command: builds the main package and this one in release, then
# prints every figure with its baseline, ratio and goal.
#   Benchmarks/run.sh [--json] [--quick] [--filter NAME]… [--no-instructions] [--check]
#   Benchmarks/run.sh suite [ARGS…]     the same workloads under ordo-one/benchmark
#                                       (`swift package benchmark ARGS…`: wall clock,
#                                       instructions where counted, allocations)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "building (release): the main package, then the benchmarks" >&2
swift build -c release >&2
# Without manifest caching: SwiftPM 6.3 otherwise keeps the main package's old list of source
# files in this build, so a file added to Sources/ is left out (the build fails where it is used)
# and a renamed one is still looked for ("missing inputs"). Planning again costs about 10 s.
swift build -c release --package-path Benchmarks --disable-build-manifest-caching >&2
if [ "${1:-}" = suite ]; then
    shift
    cd Benchmarks && exec swift package benchmark "$@"
fi
exec Benchmarks/.build/release/plugboard-bench run "$@"
