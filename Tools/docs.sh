#!/usr/bin/env bash
# Builds the AuthTrail library's DocC documentation (Sources/AuthTrail/AuthTrail.docc and the `///` comments of its
# public API) into .build-docs/AuthTrail.doccarchive and exits non-zero on any DocC warning: a broken symbol link, a
# documented parameter that does not exist, an unknown Topics entry. Installs nothing: `docc` ships with the Swift
# toolchain, and the swift-docc-plugin is a package dependency only when AUTHTRAIL_DOCS is set, which this script does
# (so apps that add AuthTrail, and plain `swift build`, never fetch it; the first run here resolves it into
# Package.resolved). It builds in its own folder (.build-docs/build), so it never disturbs another build: 63 s the
# first time on 2 quiet cores (it compiles the library and its dependencies; about 3 minutes under load), 7-15 s after.
# AUTHTRAIL_DOCS_SCRATCH_PATH=<folder> reuses a folder a `swift build` already filled (10-25 s). After a warning the
# plugin also prints "The file doesn't exist" for the archive it could not move: the warning above it is the one to
# fix.
#
#   Tools/docs.sh                 # archive in .build-docs/AuthTrail.doccarchive
#   Tools/docs.sh --static-site   # a static site instead (open .build-docs/site/documentation/authtrail/index.html)
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-docs
options=(--output-path "$out/AuthTrail.doccarchive")
if [[ "${1:-}" == "--static-site" ]]; then
    options=(--output-path "$out/site" --transform-for-static-hosting)
elif [[ $# -gt 0 ]]; then
    echo "usage: Tools/docs.sh [--static-site]" >&2
    exit 64
fi

command -v docc >/dev/null || [[ -x "$(dirname "$(command -v swift)")/docc" ]] || {
    echo "docs.sh: docc is not in this Swift toolchain ($(command -v swift))" >&2
    exit 69
}

mkdir -p "$out"
export AUTHTRAIL_DOCS=1
swift package --scratch-path "${AUTHTRAIL_DOCS_SCRATCH_PATH:-$out/build}" --allow-writing-to-directory "$out" \
    generate-documentation --target AuthTrail --warnings-as-errors "${options[@]}"
