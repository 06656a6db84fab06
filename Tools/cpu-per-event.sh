#!/usr/bin/env bash
# CPU per event of `authtrail report --format json --threads 1` for several builds, run interleaved so that the
# machine's load falls on each build alike (docs/BENCHMARKS.md compares builds this way: CPU, not wall time, since
# wall-time ratios on a shared machine swing by half between runs). Prints a Markdown table: per build, the median
# and best user+sys over RUNS runs, the CPU per event of the median, and the median's ratio to the first build's.
#
#   Tools/cpu-per-event.sh RUNS DIR BIN [BIN...]    # e.g. 15 /work/identity/data/large old/authtrail new/authtrail
set -euo pipefail
runs=${1:?runs}
dir=${2:?input folder}
shift 2
[[ $# -ge 1 ]] || { echo "usage: $0 RUNS DIR BIN [BIN...]" >&2; exit 64; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for ((run = 1; run <= runs; run++)); do
    for index in $(seq 0 $(($# - 1))); do
        bin=${*:index+1:1}
        if ! /usr/bin/time -f '%U %S' -o "$work/time" "$bin" report --format json --threads 1 \
            -o "$work/report.$index.json" "$dir" 2> "$work/stderr"; then
            echo "cpu-per-event: $bin report $dir failed: $(tail -n 1 "$work/stderr")" >&2
            exit 1
        fi
        awk '{ printf "%.3f\n", $1 + $2 }' "$work/time" >> "$work/cpu.$index"
    done
done

echo "| build | CPU, median of $runs (best) | per event | median / first build's |"
echo "|---|---|---|---|"
first=
for index in $(seq 0 $(($# - 1))); do
    events=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["input"]["events"])' \
        "$work/report.$index.json")
    read -r median best < <(sort -n "$work/cpu.$index" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)], v[1] }')
    first=${first:-$median}
    awk -v bin="${*:index+1:1}" -v median="$median" -v best="$best" -v events="$events" -v first="$first" 'BEGIN {
        printf "| %s | %.2f s (%.2f) | %.0f ns | %.2f |\n", bin, median, best, median * 1e9 / events, median / first }'
done
