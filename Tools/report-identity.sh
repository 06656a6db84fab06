#!/usr/bin/env bash
# Checks that a build of `authtrail` writes byte-identical reports (JSON and HTML) and stories (`show --format json`)
# to a saved baseline, on 1 and 2 threads, over fixed inputs. For refactors of the analysis engine, which must not
# change any output.
#
#   Tools/report-identity.sh save  DATA OUT [BIN]   # write the outputs of BIN (default .build/release/authtrail)
#   Tools/report-identity.sh check DATA OUT [BIN]   # write them again beside OUT and cmp each one with OUT's
#
# DATA holds one folder per input set (any of: demo, planted, release-baseline, release-candidate, generated, large,
# fleet; what is missing is skipped). Make them once, with the build being compared against:
#   authtrail demo --out DATA/demo
#   authtrail-bench report --megabytes 200 --runs 1 --skip-jq --data DATA/large
#   authtrail-bench report --devices 1000 --megabytes 60 --segment-bytes 4096 --runs 1 --skip-jq --data DATA/fleet
# and the planted fleets (Sources/AuthTrailTestSupport: GeneratedFleet.write, ReleaseFleet.write; the tests'
# PlantedFleet) copied into DATA/generated, DATA/release-*, DATA/planted.
set -euo pipefail

mode=${1:?save or check}
data=${2:?data folder}
out=${3:?output folder}
bin=${4:-"$(cd "$(dirname "$0")/.." && pwd)/.build/release/authtrail"}

target=$out
[[ $mode == check ]] && target="$out.check"
rm -rf "$target"
mkdir -p "$target"

run() {  # name, then the arguments of authtrail
    local name=$1
    shift
    local status=0
    "$bin" "$@" > "$target/$name.stdout" 2> "$target/$name.stderr" || status=$?
    echo "$status" > "$target/$name.status"
}

for set in demo planted release-baseline release-candidate generated large fleet; do
    [[ -d $data/$set ]] || continue
    for threads in 1 2; do
        run "$set.report.t$threads" report --format json --threads "$threads" -o "$target/$set.t$threads.json" \
            "$data/$set"
    done
    # The HTML page's swimlanes come from a second read through the stories (`OperationStory.collect`).
    case $set in
        demo | planted | release-candidate)
            run "$set.html" report --format html --threads 2 -o "$target/$set.html" "$data/$set" ;;
    esac
    # A story per operation of the first install (the ids sort the same in every run).
    install=$(find "$data/$set" -name '*.zst' | sort | head -20 | xargs -r zstdcat 2> /dev/null |
        grep -o '"install.id":"[^"]*"' | sort | head -1 | cut -d'"' -f4 || true)
    if [[ -n $install && $set != large && $set != fleet ]]; then
        for threads in 1 2; do
            run "$set.show.t$threads" show --format json --limit 1000 --threads "$threads" --install-id "$install" \
                -o "$target/$set.show.t$threads.json" "$data/$set"
            run "$set.show-code.t$threads" show --format json --limit 50 --threads "$threads" --code 429 \
                -o "$target/$set.show-code.t$threads.json" "$data/$set"
        done
    fi
done
if [[ -d $data/release-baseline && -d $data/release-candidate ]]; then
    run "release.compare" report --format json -o "$target/release.compare.json" "$data/release-candidate" \
        --baseline "$data/release-baseline"
fi

[[ $mode == save ]] && { ls "$target" | wc -l | xargs echo "saved files:"; exit 0; }
failed=0
for file in "$out"/*; do
    name=$(basename "$file")
    if ! cmp -s "$file" "$target/$name"; then
        echo "DIFFERS: $name"
        failed=1
    fi
done
count=$(ls "$out" | wc -l)
[[ $failed == 0 ]] && echo "identical: $count files" || exit 1
