#!/usr/bin/env bash
# Builds the main package, then this one, in release: what run.sh and callgrind.sh measure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "building (release): the main package, then the benchmarks" >&2
swift build -c release >&2
# The workloads and the benchmark programs are compiled again whenever a source of the main
# package changed since they were: SwiftPM 6.3's incremental build otherwise keeps them compiled
# against the runtime's old inlinable code and default arguments, so a benchmark measures the old
# code, or the link fails on a symbol that is gone.
workloads=Benchmarks/.build/release/Modules/BenchmarkWorkloads.swiftmodule
if [ -e "$workloads" ] && [ -n "$(find Sources -name '*.swift' -newer "$workloads" -print -quit)" ]; then
    echo "the runtime changed: compiling the workloads again" >&2
    rm -rf "$workloads" Benchmarks/.build/release/{BenchmarkWorkloads,PlugboardBench,PlugboardStart}.build
fi
# Without manifest caching: SwiftPM 6.3 otherwise keeps the main package's old list of source
# files in this build, so a file added to Sources/ is left out (the build fails where it is used)
# and a renamed one is still looked for ("missing inputs"). Planning again costs about 10 s.
swift build -c release --package-path Benchmarks --disable-build-manifest-caching >&2
