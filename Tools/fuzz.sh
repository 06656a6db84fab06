#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (swiftc -sanitize=fuzzer,address) for a bounded time each.
#   Tools/fuzz.sh [SECONDS] [TARGET...]     targets: frame-reader (default: all, 60 s each)
# Seed corpora live in Tests/Fuzz/Corpus/<target>/; new inputs found go to .build-fuzz/corpus/<target>/ (not committed).
# A crash leaves its input in .build-fuzz/crash-*; turn it into a regression test and commit the input under
# Tests/Fuzz/Regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(frame-reader)
./Tools/setup.sh
out=.build-fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name authtrail -swift-version 6
       -Xcc -fmodule-map-file=Sources/CZstd/module.modulemap -lzstd)

sources_for() {
    case "$1" in
        frame-reader) echo Sources/AuthTrail/Codec/*.swift Tests/Fuzz/FrameReaderFuzz.swift ;;
        *) echo "fuzz: unknown target $1" >&2; exit 64 ;;
    esac
}

for target in "${targets[@]}"; do
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" $(sources_for "$target") -o "$out/$target" 2> "$out/$target.build.log" \
        || { cat "$out/$target.build.log" >&2; exit 1; }
    mkdir -p "$out/corpus/$target"
    regressions=()
    [ -d "Tests/Fuzz/Regressions/$target" ] && regressions=("Tests/Fuzz/Regressions/$target")
    echo "fuzz: $target for ${seconds}s"
    "$out/$target" "$out/corpus/$target" "Tests/Fuzz/Corpus/$target" "${regressions[@]}" \
        -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crash-$target-" -print_final_stats=1 2>&1 | grep -E "^(#|Done|stat::number_of_executed_units|stat::peak_rss|==|SUMMARY|INFO: seed)" | tail -8
done
