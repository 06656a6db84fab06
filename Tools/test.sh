#!/usr/bin/env bash
# Runs every test: installs what is missing, builds, and runs `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
./Tools/setup.sh --tests
swift build --build-tests
swift test --skip-build
