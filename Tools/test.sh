#!/usr/bin/env bash
# Runs every test: installs what is missing, builds, checks the sources (Tools/source-checks.sh: formatting, file sizes,
# the public API, the analysis layers), runs `swift test` (the Linux build: the system's libzstd), then the
# Apple platforms' zstd wiring (Tools/upstream-zstd.sh: facebook/zstd's package compiled from source, the library's
# suites under ThreadSanitizer, a demo read back by `zstd`), then counts skipped tests and suites and repeats both
# summaries last.
# A skip must say why. As root (CI's case) nothing may be skipped; otherwise only the suites that need root may be. An
# unexpected skip fails the run, so a test that silently stops running is noticed.
set -euo pipefail
cd "$(dirname "$0")/.."
./Tools/setup.sh --tests
swift build --build-tests
log="$(mktemp)"
upstream_log="$(mktemp)"
# Trails in the tests keep their pseudonym keys in the platform's default place ($XDG_DATA_HOME/authtrail/keys on
# Linux): a throwaway one, so test runs leave no keys behind.
XDG_DATA_HOME="$(mktemp -d)"
export XDG_DATA_HOME
trap 'rm -rf "$log" "$upstream_log" "$XDG_DATA_HOME"' EXIT
status=0
source_status=0
./Tools/source-checks.sh || source_status=$?
swift test --skip-build 2>&1 | tee "$log" || status=$?
[ "$status" -eq 0 ] || ./Tools/test-failures.sh "$log"
if [ "$status" -eq 0 ]; then
    UPSTREAM_ZSTD_TEST_LOG="$upstream_log" ./Tools/upstream-zstd.sh --sanitize=thread || status=$?
fi
# Swift Testing prints `Test "name" skipped: "reason".` (or `Suite …`); the quotes keep names that contain "skipped"
# out of the count.
skips="$(grep -h -E '(Test|Suite) "[^"]*" skipped' "$log" "$upstream_log" || true)"
count=0
[ -z "$skips" ] || count="$(printf '%s\n' "$skips" | wc -l)"
# Heap-limit tests skip under a sanitizer, whose allocator pads and quarantines memory (the Apple wiring's run); suites
# that need root (mounting a tmpfs, dropping to another user) may skip when not root.
unexpected="$(printf '%s\n' "$skips" | grep -v -F "a sanitizer's allocator pads and quarantines memory" || true)"
[ "$(id -u)" -eq 0 ] || unexpected="$(printf '%s\n' "$unexpected" \
    | grep -v -F -e 'Suite "the store on a real file system that fills up or turns read-only" skipped' \
        -e 'Suite "refused writes" skipped' -e 'Suite "a locked device loses nothing the trail holds" skipped' \
    || true)"
echo "test.sh: $count skipped"
if [ -n "$unexpected" ]; then
    echo "test.sh: unexpected skips:" >&2
    printf '%s\n' "$unexpected" >&2
    [ "$status" -ne 0 ] || status=1
fi
echo "test.sh: the Linux build's suite, then the Apple zstd wiring's suites under ThreadSanitizer:"
grep -h -E '^[^ ]+ Test run with ' "$log" "$upstream_log" || echo "test.sh: no test run finished"
if [ "$source_status" -ne 0 ]; then
    echo "test.sh: Tools/source-checks.sh failed (above)" >&2
    [ "$status" -ne 0 ] || status="$source_status"
fi
exit "$status"
