#!/usr/bin/env bash
# Installs what building AuthTrail needs on Debian/Ubuntu when it is missing: libzstd-dev (and pkg-config),
# plus the zstd and jq command-line tools the tests compare against. Safe to run again.
set -euo pipefail
missing=()
pkg-config --exists libzstd 2>/dev/null || missing+=(libzstd-dev pkg-config)
command -v zstd >/dev/null 2>&1 || missing+=(zstd)
command -v jq >/dev/null 2>&1 || missing+=(jq)
if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Report tests: a headless browser for the HTML screenshot test, python3 for its PNG check, DuckDB for the fleet test.
report_missing=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || report_missing+=(chromium)
command -v python3 >/dev/null 2>&1 || report_missing+=(python3)
python3 -m pip --version >/dev/null 2>&1 || report_missing+=(python3-pip)
if ((${#report_missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${report_missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${report_missing[@]}" >/dev/null
fi
if ! python3 -c "import duckdb" >/dev/null 2>&1; then
    echo "setup: installing duckdb (PyPI)" >&2
    python3 -m pip install --quiet duckdb 2>/dev/null || python3 -m pip install --quiet --break-system-packages duckdb
fi
