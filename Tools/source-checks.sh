#!/usr/bin/env bash
# The checks on the sources themselves, run by Tools/test.sh after the build:
# 1. Formatting: `swift format lint --strict` with the repository's .swift-format (swift-log's settings, with the
#    existing line breaks respected) over the package's code; Swift files kept as test data (sample apps' sources, fuzz
#    inputs) are left as they are. `Tools/source-checks.sh --format` rewrites what the lint would report.
# 2. File size: no Swift file over 500 lines, except the error catalog's data tables.
# 3. The public API: the compiler's symbol graph of the products apps link (`AuthTrail`, `AuthTrailLogging`) must list
#    exactly docs/PUBLIC-API.txt, and every public type must be in the DocC catalog's topics
#    (Sources/AuthTrail/AuthTrail.docc/AuthTrail.md), which must name nothing else; no other module declares anything
#    public (the CLI, the analysis and the test support share what they need with `package`).
#    `Tools/source-checks.sh --update-api` rewrites docs/PUBLIC-API.txt after a deliberate change of the API.
# 4. Swift 6.0 (Xcode 16.0-16.2): Tools/manifest-6.0-check.py reads the manifest as Swift 6.0 does and every dependency
#    of that graph from its repository's tags, and fails when one has no version whose manifest Swift 6.0 reads.
# 5. Layers: Tools/layer-check.py checks that the folders of Sources/AuthTrailAnalysis are layers with no cycle
#    (docs/ARCHITECTURE.md, "Every folder"), after its self-test shows it catches a planted upward use and cycle.
# Exit status: 0 when every check passes, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
fail() { echo "source-checks: $*" >&2; status=1; }

code=()
while IFS= read -r file; do code+=("$file"); done \
    < <(git ls-files '*.swift' | grep -v -E '^Tests/(SampleApps|DoctorCorpus|Fuzz/(Corpus|Regressions))/')
if [ "${1:-}" = --format ]; then
    swift format format --in-place --parallel "${code[@]}"
    exit 0
fi
if ! swift format lint --strict --parallel "${code[@]}"; then
    fail "swift format lint found the lines above; Tools/source-checks.sh --format fixes them"
fi

catalog_tables='^Sources/AuthTrail/ErrorModel/ErrorCatalog\+'
while read -r lines file; do
    [ "$file" = total ] && continue
    [[ "$file" =~ $catalog_tables ]] && continue
    [ "$lines" -le 500 ] || fail "$file has $lines lines (at most 500: split it by concern)"
done < <(git ls-files '*.swift' | grep -v '^Tests/DoctorCorpus/' | xargs wc -l)

swift package dump-symbol-graph --minimum-access-level public > /dev/null
graphs="$(swift build --show-bin-path)/../symbolgraph"
api="$(mktemp)"
trap 'rm -f "$api"' EXIT
for module in AuthTrail AuthTrailLogging; do
    for graph in "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json; do
        [ -f "$graph" ] || continue
        jq -r --arg name "$module" \
            '.symbols[] | "\($name) \(.kind.identifier | sub("^swift\\."; "")) \(.pathComponents | join("."))"' \
            "$graph"
    done
done | LC_ALL=C sort -u > "$api"
if [ "${1:-}" = --update-api ]; then
    cp "$api" docs/PUBLIC-API.txt
    echo "source-checks: docs/PUBLIC-API.txt rewritten ($(wc -l < "$api") symbols)"
elif ! diff -u docs/PUBLIC-API.txt "$api" > /dev/null; then
    { diff -u docs/PUBLIC-API.txt "$api" || true; } | sed -n '3,$p' | grep -E '^[-+]' | sed 's/^/source-checks: public API /' >&2
    fail "the public API differs from docs/PUBLIC-API.txt (+ new, - gone): make it package, or run --update-api"
fi
types="$(awk '$1 == "AuthTrail" && $3 !~ /\./ {print $3}' "$api" | LC_ALL=C sort -u)"
topics="$(sed -n -E 's/^- ``([A-Za-z]+)``$/\1/p' Sources/AuthTrail/AuthTrail.docc/AuthTrail.md | LC_ALL=C sort -u)"
missing="$(comm -23 <(printf '%s\n' "$types") <(printf '%s\n' "$topics"))"
stale="$(comm -13 <(printf '%s\n' "$types") <(printf '%s\n' "$topics"))"
[ -z "$missing" ] || fail "public but not in the DocC topics: $(echo $missing)"
[ -z "$stale" ] || fail "in the DocC topics but not public: $(echo $stale)"
for graph in "$graphs"/*.symbols.json; do
    module="$(basename "$graph" .symbols.json)"
    module="${module%%@*}"
    case "$module" in AuthTrail|AuthTrailLogging|AuthTrailPackage*) continue ;; esac
    count="$(jq '.symbols | length' "$graph")"
    [ "$count" -eq 0 ] || fail "$module declares $count public symbols (use package): $(jq -r '[.symbols[].pathComponents | join(".")][:5] | join(", ")' "$graph")"
done
if ! layers="$(./Tools/layer-check.py --self-test && ./Tools/layer-check.py)"; then
    echo "$layers" >&2
    fail "the analysis folders are not layers (above; Tools/layer-check.py --graph lists the uses between folders)"
fi
./Tools/manifest-6.0-check.py || fail "the package does not resolve on Swift 6.0 (above)"
[ "$status" -ne 0 ] ||
    echo "source-checks: formatting, file sizes, the public API ($(wc -l < "$api") symbols), the analysis layers and the Swift 6.0 graph pass"
exit "$status"
