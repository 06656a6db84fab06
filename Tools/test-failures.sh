#!/usr/bin/env bash
# Prints what failed in a `swift test` log: each failed test and the first line of each issue it recorded, the
# headline of each sanitizer report, then the run's summary. CI keeps only the tail of its output, so the scripts that
# run the suite call this on a failure, and the tail names the culprit.
#   Tools/test-failures.sh LOG
set -uo pipefail
log="$1"
echo "failures in this run:"
grep -E '^✘ (Test|Suite) ' "$log" | grep -v -F 'known issue' | grep -v -E '^✘ Test run with ' | cut -c1-400 | head -40
grep -E '^(==[0-9]+==)?(SUMMARY|ERROR|WARNING): (Address|Thread|Leak|UndefinedBehavior)Sanitizer' "$log" \
    | sort | uniq -c | head -20
grep -E '^[^ ]+ Test run with ' "$log" | tail -1
exit 0
