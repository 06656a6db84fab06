#!/usr/bin/env bash
# The Apple platforms' zstd wiring, built and run here: the library, the CLI and the library's test suites against
# facebook/zstd's own package compiled from source (Debian's libzstd source package, unpacked by Tools/setup.sh
# --tests into .build-zstd-source/zstd), through AUTHTRAIL_ZSTD_PACKAGE, in the scratch path .build-upstream-zstd
# (.build-upstream-zstd-<sanitizer> with one). Then a demo's segments are read back by the `zstd` tool.
#   Tools/upstream-zstd.sh                     plain build
#   Tools/upstream-zstd.sh --sanitize=thread   the same under ThreadSanitizer (CI: the library's suites, where the
#                                              store's threads and processes meet, and the threaded report readers)
# What this proves and what only a Mac can: docs/RELIABILITY.md, "The Apple build".
set -euo pipefail
cd "$(dirname "$0")/.."
./Tools/setup.sh --tests
AUTHTRAIL_ZSTD_PACKAGE="$PWD/.build-zstd-source/zstd"
export AUTHTRAIL_ZSTD_PACKAGE
scratch=.build-upstream-zstd
flags=()
if [ -n "${1:-}" ]; then
    case "$1" in
        --sanitize=address|--sanitize=thread) flags=("$1"); scratch="$scratch-${1#--sanitize=}" ;;
        *) echo "upstream-zstd: unknown option $1 (--sanitize=address or --sanitize=thread)" >&2; exit 64 ;;
    esac
fi
export LSAN_OPTIONS="suppressions=$PWD/Tools/sanitizer-suppressions/lsan.txt"
# The manifest as Xcode 16's toolchain (Swift 6.0, 6.1) reads it: `#if compiler(>=6.2)` false. It must declare the
# library and the CLI without swift-log (whose current manifests need Swift 6.2), and resolve facebook/zstd's
# `libzstd` product through the override.
older="$(mktemp -d)"
demo="$(mktemp -d)"
# Tools/test.sh reads the test log for skipped tests.
log="${UPSTREAM_ZSTD_TEST_LOG:-$(mktemp)}"
trap 'rm -rf "$older" "$demo"; [ -n "${UPSTREAM_ZSTD_TEST_LOG:-}" ] || rm -f "$log"' EXIT
git ls-files -z | xargs -0 cp --parents -t "$older"
cp Package.swift "$older/Package.swift"
sed -i 's/^#if compiler(>=6.2)$/#if false/' "$older/Package.swift"
grep -q '^#if false$' "$older/Package.swift" || { echo "upstream-zstd: no \`#if compiler(>=6.2)\` in Package.swift" >&2; exit 1; }
(cd "$older" && swift package describe --type json >describe.json 2>resolve.log &&
    swift package show-dependencies --format json >graph.json 2>>resolve.log) ||
    { echo "upstream-zstd: the manifest for Swift 6.0 does not resolve:" >&2; cat "$older/resolve.log" >&2; exit 1; }
products="$(jq -r '[.products[].name] | sort | join(" ")' "$older/describe.json")"
packages="$(jq -r '[.dependencies[] | .. | objects | select(has("identity")) | .identity] | unique | join(" ")' \
    "$older/graph.json")"
if [ "$products" != "AuthTrail authtrail authtrail-stress" ] ||
    [ "$packages" != "swift-argument-parser swift-asn1 swift-crypto zstd" ]; then
    echo "upstream-zstd: the manifest for Swift 6.0 declares [$products] and resolves [$packages]" >&2
    exit 1
fi
echo "upstream-zstd: for Swift 6.0 the manifest declares $products and resolves $packages"

echo "upstream-zstd: building against $AUTHTRAIL_ZSTD_PACKAGE ${flags[*]}"
swift build --build-tests --scratch-path "$scratch" "${flags[@]}"
bin="$(swift build --scratch-path "$scratch" "${flags[@]}" --show-bin-path)"

# The system libzstd must not be what the binaries link: the point is upstream's package.
if ldd "$bin/authtrail" | grep -q 'libzstd'; then
    echo "upstream-zstd: $bin/authtrail links the system libzstd:" >&2
    ldd "$bin/authtrail" | grep libzstd >&2
    exit 1
fi

# The library's suites (AuthTrailTests: codec, store, crash safety, export, redaction, the names test) and the
# report's threaded readers.
XDG_DATA_HOME="$demo/keys"
export XDG_DATA_HOME
status=0
swift test --skip-build --scratch-path "$scratch" "${flags[@]}" \
    --filter '^AuthTrailTests\.|ReportThreadCountTests|ReportThreadsCommandTests|TrailFollowerTests' 2>&1 \
    | tee "$log" || status=$?
[ "$status" -eq 0 ] || { ./Tools/test-failures.sh "$log"; exit "$status"; }

# A demo's segments, written by this build, read back by the zstd tool: every frame decodes and checks, and every
# line is one JSON object.
"$bin/authtrail" demo --out "$demo/segments" >"$demo/report.txt"
segments=("$demo"/segments/*.jsonl.zst)
[ -e "${segments[0]}" ] || { echo "upstream-zstd: the demo wrote no segment" >&2; exit 1; }
zstd -q -t "${segments[@]}"
lines="$(zstd -q -d -c "${segments[@]}" | jq -c 'select(type == "object")' | wc -l)"
written="$(sed -n 's/.*health: \([0-9]*\) events written, \([0-9]*\) lost.*/\1 \2/p' "$demo/report.txt")"
read -r events lost <<<"$written"
# Each segment adds its own `segment.start` and `app.configuration` lines (the demo app records its set-up) to the
# app's events.
if [ "$lost" != 0 ] || [ "$lines" -ne $((events + 2 * ${#segments[@]})) ]; then
    echo "upstream-zstd: zstd read $lines lines from ${#segments[@]} segments; the demo wrote $events events, lost $lost" >&2
    exit 1
fi
echo "upstream-zstd: zstd -t passed on ${#segments[@]} demo segments; $lines JSON lines read back ($events events)"
