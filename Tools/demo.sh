#!/usr/bin/env bash
# The main job: installs what is missing, builds authtrail, runs the demo sign-in session and prints its report.
set -euo pipefail
cd "$(dirname "$0")/.."
./Tools/setup.sh
swift build -c release --product authtrail
./.build/release/authtrail demo "$@"
