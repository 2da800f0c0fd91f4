#!/usr/bin/env bash
# Formats every Rust file of the repository (`--check`: only says which differ, and fails).
# `cargo fmt` follows `mod` lines, and the areas' modules are declared by `automod::dir!`, which
# rustfmt cannot expand: so the files are handed to rustfmt one by one.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.rs' | xargs -0 rustfmt --edition 2024 "$@"
