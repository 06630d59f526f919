#!/usr/bin/env bash
# Builds one libFuzzer target with -sanitize=fuzzer,address and runs it.
#
#   Fuzz/run.sh TARGET [RUNS] [extra libFuzzer flags...]
#   Fuzz/run.sh FuzzJSON 1000000
#   Fuzz/run.sh FuzzJSON 0 crash-1234        # replay a reproducer (RUNS is ignored for files)
#   Fuzz/run.sh all 1000000                  # every target in turn
#
# TARGET is one of FuzzJSON, FuzzConfig, FuzzSignature, FuzzRouteURL, FuzzELF, FuzzXML.
# The targets exist only when PLUGBOARD_FUZZ=1 (see Package.swift), and build into
# .build-fuzz, so a normal `swift build` / `swift test` never sees them.
# The working corpus grows in .build-fuzz/corpus/TARGET (git-ignored); the seeds in
# Fuzz/TARGET/seeds, files from the repo and .build-fuzz/corpus/TARGET-seeds (made here) are
# read but never written.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(FuzzJSON FuzzConfig FuzzSignature FuzzRouteURL FuzzELF FuzzXML)
target=${1:?usage: Fuzz/run.sh TARGET|all [RUNS] [libFuzzer flags...]}
runs=${2:-1000000}
shift $(($# < 2 ? $# : 2))

if [[ $target == all ]]; then
    for t in "${targets[@]}"; do "$0" "$t" "$runs" "$@"; done
    exit
fi
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target (one of: ${targets[*]})" >&2; exit 2; }

scratch=.build-fuzz
PLUGBOARD_FUZZ=1 swift build -c release --scratch-path "$scratch" --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing >&2
binary=$scratch/release/$target

# Replaying files: run them once each, no fuzzing.
if [[ $# -gt 0 && -f ${1:-} ]]; then
    exec "$binary" "$@"
fi

corpus=$scratch/corpus/$target
generated=$scratch/corpus/$target-seeds
mkdir -p "$corpus" "$generated"
seeds=(Fuzz/$target/seeds "$generated")
max_len=4096
case $target in
    FuzzJSON) seeds+=(Tests/Fixtures/docs Tests/Fixtures/real Tests/Fixtures/app Examples/Showcase Examples/Tabs) ;;
    FuzzXML) seeds+=(Examples/Showcase/feeds Tests/Fixtures/feeds) ;;
    FuzzConfig)
        # The repo's apps, each as plugins.json NUL rivers.json [NUL settings.json].
        max_len=65536
        join() {
            local out=$1 first=1
            shift
            : >"$out"
            for f in "$@"; do
                [[ $first == 1 ]] || printf '\0' >>"$out"
                first=0
                [[ -f $f ]] && cat "$f" >>"$out"
            done
        }
        for app in Tests/Fixtures/app Examples/Showcase Examples/Tabs Tests/Fixtures/broken/*; do
            [[ -f $app/rivers.json ]] || continue
            files=("$app/plugins.json" "$app/rivers.json")
            [[ -f $app/settings.json ]] && files+=("$app/settings.json")
            join "$generated/$(echo "$app" | tr / _)" "${files[@]}"
        done
        join "$generated/rootmenu" Tests/Fixtures/docs/rootmenu-plugins.json Tests/Fixtures/docs/rootmenu-rivers.json
        ;;
    FuzzELF)
        # Small shared libraries: with and without plugboard_entry, as the loader meets them.
        max_len=16384
        cc=$(command -v clang || command -v cc)
        printf 'struct v { unsigned a, b, c; };\nconst struct v plugboard_entry = {1, 2, 3};\nint f(void) { return 1; }\n' \
            >"$generated/entry.c"
        printf 'int plugboard_other(void) { return 1; }\n' >"$generated/plain.c"
        for src in entry plain; do
            "$cc" -shared -nostdlib -fPIC -Os -Wl,-z,max-page-size=16 -Wl,-z,norelro -Wl,-s \
                -o "$generated/$src.so" "$generated/$src.c" 2>/dev/null || true
            rm -f "$generated/$src.c"
        done
        ;;
esac
existing=()
for s in "${seeds[@]}"; do [[ -d $s ]] && existing+=("$s"); done
dict=()
[[ -f Fuzz/$target/dictionary ]] && dict=(-dict="Fuzz/$target/dictionary")

# Swift's backtracer reads its own stack in a way ASan reports; libFuzzer prints the trace.
export SWIFT_BACKTRACE=enable=no
"$binary" "$corpus" "${existing[@]}" "${dict[@]}" -runs="$runs" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$scratch/" "$@"
