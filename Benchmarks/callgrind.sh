#!/usr/bin/env bash
# Instruction counts of a tap (bar button -> screen shown -> close), cache hit and miss, counted
# by callgrind inside `measuredTaps` only: deterministic for the same binary and inputs, so CI
# may run it; no timing involved. Prints instructions per tap.
#   Benchmarks/callgrind.sh [TAPS]      (builds the release benchmark first)
set -euo pipefail
cd "$(dirname "$0")/.."
TAPS="${1:-200}"
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)"; exit 2; }
# The benchmark and the libraries of the Showcase it taps through.
for product in plugboard-tap-benchmark GeneralNavBar SideMenu EPG ContactUs Web Components; do
    swift build -c release --product "$product" >/dev/null 2>&1
done
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
# valgrind 3.19 cannot read the DWARF of Swift 6 binaries: count copies without debug info
# (symbols stay, so --toggle-collect still finds the function).
cp .build/release/plugboard-tap-benchmark .build/release/*.so "$OUT/"
strip -g "$OUT"/*
BIN="$OUT/plugboard-tap-benchmark"
for mode in hit miss; do
    flag=""; [ "$mode" = miss ] && flag="--miss"
    valgrind --tool=callgrind --callgrind-out-file="$OUT/$mode.cg" --toggle-collect='*measuredTaps*' \
        "$BIN" Examples/Showcase --taps "$TAPS" $flag >/dev/null 2>"$OUT/$mode.log"
    total=$(grep -E '^(summary|totals):' "$OUT/$mode.cg" | head -1 | awk '{print $2}')
    echo "tap, cache $mode: $((total / TAPS)) instructions per tap ($total over $TAPS taps)"
done
