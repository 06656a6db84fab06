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
