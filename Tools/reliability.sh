#!/usr/bin/env bash
# The reliability suite in one command: the tests that attack inputs, faults and privacy, then fuzzing, then the
# whole test suite under sanitizers. Figures from a run go into docs/RELIABILITY.md.
#   Tools/reliability.sh           full: attack suites 3 times, 300 s per fuzz target, the whole suite under ASan and
#                                  TSan, the Apple zstd wiring's suites under ASan (zstd's C code instrumented too)
#   Tools/reliability.sh --short   CI: 20 s per fuzz target (libFuzzer with ASan, over the committed corpora and
#                                  regressions); Tools/test.sh runs the store's suites under TSan
set -euo pipefail
cd "$(dirname "$0")/.."
./Tools/setup.sh --tests

if [ "${1:-}" = "--short" ]; then
    ./Tools/fuzz.sh 20
    exit 0
fi

# Suites that attack the inputs, the store and the redactor; repeated, since faults land at random moments.
attack_suites='HostileInputTests|CrashSafetyTests|FaultsUnderLoadTests|FaultTests|MountedFileSystemTests|ConcurrencyTests|TruncationTests|FlippedBitTests|TornSegmentSealingTests|SuspensionTests|RefusedWriteTests|LifecycleTests|ReportBoundsTests|RetryAfterBoundsTests|ClockAndServerBoundsTests|StreamingRedactTests|FuzzRegression|FuzzReplay|PrivacyUnderAttack|RealLinesPrivacy|ResidualPIICommand'
swift build --build-tests
for round in 1 2 3; do
    echo "reliability: attack suites, round $round"
    swift test --skip-build --filter "$attack_suites"
done
./Tools/fuzz.sh 300
./Tools/sanitize.sh address thread
./Tools/upstream-zstd.sh --sanitize=address
