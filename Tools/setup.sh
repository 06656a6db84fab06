#!/usr/bin/env bash
# Installs what AuthTrail needs on Debian/Ubuntu when it is missing; safe to run again.
#   Tools/setup.sh            building: libzstd-dev and pkg-config; zlib1g-dev (zlib, for `authtrail doctor`'s .ipa
#                             reader)
#   Tools/setup.sh --tests    also what the tests compare against or drive: the zstd and jq CLIs, headless chromium
#                             and python3 (HTML report screenshot), DuckDB and chdb (ClickHouse) from PyPI (fleet
#                             queries), and facebook/zstd's package source for the Apple branch's build
#                             (.build-zstd-source/zstd, from Debian's libzstd source package; Tools/upstream-zstd.sh)
set -euo pipefail
missing=()
pkg-config --exists libzstd 2>/dev/null || missing+=(libzstd-dev pkg-config)
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
if [ "${1:-}" = "--tests" ]; then
    command -v zstd >/dev/null 2>&1 || missing+=(zstd)
    command -v jq >/dev/null 2>&1 || missing+=(jq)
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
    command -v dpkg-source >/dev/null 2>&1 || missing+=(dpkg-dev)
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

# facebook/zstd's package, as Apple builds take it: Debian's libzstd source package carries upstream's Package.swift
# and lib/module.modulemap unchanged. apt needs a deb-src entry for the archive the machine already uses (same
# mirror, same keyring); it is added once, in a file of its own.
zstd_source=.build-zstd-source/zstd
if [ "${1:-}" = "--tests" ] && [ ! -f "$zstd_source/Package.swift" ]; then
    if ! apt-get source --print-uris -qq libzstd 2>/dev/null | grep -q '\.dsc'; then
        sources=/etc/apt/sources.list.d/authtrail-deb-src.sources
        echo "setup: adding deb-src entries ($sources)" >&2
        if [ -f /etc/apt/sources.list.d/debian.sources ]; then
            sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $sudo tee "$sources" >/dev/null
        else
            sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee "${sources%.sources}.list" >/dev/null
        fi
        $sudo apt-get update -qq
    fi
    echo "setup: fetching Debian's libzstd source (facebook/zstd's package)" >&2
    unpack="$(mktemp -d)"
    # apt's download sandbox user needs to write here.
    chmod 0777 "$unpack"
    # The newest version the indexes list first, then the older ones: a mirror may list a security update's source
    # before it serves the files (deb.debian.org answered 404 for 1.5.4+dfsg2-5+deb12u1 on 2026-11-30).
    fetched=""
    for version in $(apt-cache showsrc libzstd 2>/dev/null | sed -n 's/^Version: //p' | sort -r -V -u); do
        if (cd "$unpack" && apt-get source -qq "libzstd=$version" >/dev/null 2>&1); then
            fetched="$version"
            break
        fi
        echo "setup: libzstd $version's source could not be fetched; trying an older one" >&2
        rm -rf "${unpack:?}"/*
    done
    if [ -z "$fetched" ]; then
        echo "setup: no version of Debian's libzstd source could be fetched (apt-get source libzstd)" >&2
        exit 1
    fi
    mkdir -p "$(dirname "$zstd_source")"
    rm -rf "$zstd_source"
    mv "$unpack"/libzstd-*/ "$zstd_source"
    rm -rf "$unpack"
fi
