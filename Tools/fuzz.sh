#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a bounded time, one after the other.
#   Tools/fuzz.sh [SECONDS] [TARGET...]     targets: frame-reader event-scanner redactor report retry-after
#                                           pasted-error raw-log doctor-readers
#                                           (default: all, 60 s each)
#   Tools/fuzz.sh 20                        the CI-sized run
# The targets are SwiftPM executables (Tests/Fuzz/<Target>/) that Package.swift defines only when AUTHTRAIL_FUZZ is
# set, built with libFuzzer and AddressSanitizer (flags below) into their own scratch path, .build-fuzz, so the normal
# `swift build` never sees them. Their invariants live in Sources/AuthTrailTestSupport/Fuzzing/ and the unit tests
# replay them over the committed inputs.
# Seed corpora: Tests/Fuzz/Corpus/<target>/; inputs found go to .build-fuzz/corpus/<target>/ (not committed).
# A failure leaves its input in .build-fuzz/crash-<target>-*: fix the source, commit the input under
# Tests/Fuzz/Regressions/<target>/ (the replay tests pick it up). Exit status: 0 when no target failed, 1 otherwise,
# 64 for an unknown target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
all=(frame-reader event-scanner redactor report retry-after pasted-error raw-log doctor-readers)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for target in "${targets[@]}"; do
    case " ${all[*]} " in *" $target "*) ;; *) echo "fuzz: unknown target $target (known: ${all[*]})" >&2; exit 64 ;; esac
done
./Tools/setup.sh
scratch=.build-fuzz
mkdir -p "$scratch"

max_len_for() {
    case "$1" in
        frame-reader|report|pasted-error|raw-log|doctor-readers) echo 65536 ;;
        *) echo 8192 ;;
    esac
}

# One combined -sanitize=fuzzer,address for Swift: SwiftPM's `--sanitize=fuzzer --sanitize=address` passes two
# -sanitize= flags in an order that varies between runs, and the last one wins, so a fresh build could lose the
# coverage instrumentation (libFuzzer then warns "no interesting inputs"). `--sanitize=fuzzer` stays so SwiftPM links
# libFuzzer's main instead of the module's.
build=(swift build -c release --scratch-path "$scratch" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
       -Xcc -fsanitize=address)

# Leaks inside the toolchain's own libraries (Foundation's property list parser on damaged input) are suppressed by
# name, as in Tools/sanitize.sh; see the file for each reason.
export LSAN_OPTIONS="suppressions=$PWD/Tools/sanitizer-suppressions/lsan.txt"

failed=()
for target in "${targets[@]}"; do
    started=$(date +%s)
    AUTHTRAIL_FUZZ=1 "${build[@]}" --product "fuzz-$target" > "$scratch/$target.build.log" 2>&1 \
        || { grep -E "error" "$scratch/$target.build.log" >&2 || tail -20 "$scratch/$target.build.log" >&2; exit 1; }
    built=$(date +%s)
    binary="$(AUTHTRAIL_FUZZ=1 "${build[@]}" --show-bin-path)/fuzz-$target"
    mkdir -p "$scratch/corpus/$target"
    inputs=("$scratch/corpus/$target" "Tests/Fuzz/Corpus/$target")
    [ -d "Tests/Fuzz/Regressions/$target" ] && inputs+=("Tests/Fuzz/Regressions/$target")
    echo "fuzz: $target for ${seconds}s (built in $((built - started))s)"
    status=0
    # The Swift backtracer would hold a crashing process for seconds; libFuzzer's and ASan's reports are enough.
    SWIFT_BACKTRACE=enable=no "$binary" "${inputs[@]}" \
        -max_total_time="$seconds" -max_len="$(max_len_for "$target")" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$scratch/crash-$target-" -print_final_stats=1 > "$scratch/$target.log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$target.log")
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$scratch/$target.log")
    corpus=$(find "$scratch/corpus/$target" -type f | wc -l)
    elapsed=$(($(date +%s) - built))
    echo "fuzz: $target runs=${runs:-?} seconds=$elapsed corpus=$corpus peak_rss_mb=${rss:-?} status=$status"
    if [ "$status" -ne 0 ]; then
        grep -E "^(==[0-9]+==|SUMMARY|Fatal error|.*fatal error|artifact_prefix|Test unit written)" "$scratch/$target.log" \
            | head -20 >&2 || true
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: failed: ${failed[*]} (inputs in $scratch/crash-*; full logs in $scratch/<target>.log)" >&2
    exit 1
fi
