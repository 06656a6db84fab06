#!/usr/bin/env bash
# Installs what AuthTrail needs on Debian/Ubuntu when it is missing; safe to run again.
#   Tools/setup.sh            building: libzstd-dev and pkg-config
#   Tools/setup.sh --tests    also what the tests compare against or drive: the zstd and jq CLIs, headless chromium
#                             and python3 (HTML report screenshot), DuckDB and chdb (ClickHouse) from PyPI (fleet
#                             queries)
set -euo pipefail
missing=()
pkg-config --exists libzstd 2>/dev/null || missing+=(libzstd-dev pkg-config)
if [ "${1:-}" = "--tests" ]; then
    command -v zstd >/dev/null 2>&1 || missing+=(zstd)
    command -v jq >/dev/null 2>&1 || missing+=(jq)
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ "${1:-}" = "--tests" ]; then
    for module in duckdb chdb; do
        python3 -c "import $module" >/dev/null 2>&1 && continue
        echo "setup: installing $module (PyPI)" >&2
        python3 -m pip install --quiet "$module" 2>/dev/null ||
            python3 -m pip install --quiet --break-system-packages "$module"
    done
fi
