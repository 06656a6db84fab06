#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and then ThreadSanitizer (each in its own build folder).
#   Tools/sanitize.sh [address|thread ...]     default: address thread
set -euo pipefail
cd "$(dirname "$0")/.."
./Tools/setup.sh --tests
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
# Leaks and races inside the toolchain's libraries are suppressed by name; see the files for each reason.
export LSAN_OPTIONS="suppressions=$PWD/Tools/sanitizer-suppressions/lsan.txt"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for sanitizer in "${sanitizers[@]}"; do
    echo "sanitize: swift test --sanitize=$sanitizer"
    swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build-$sanitizer"
    status=0
    swift test --skip-build --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" 2>&1 | tee "$log" || status=$?
    [ "$status" -eq 0 ] || { ./Tools/test-failures.sh "$log"; exit "$status"; }
done
