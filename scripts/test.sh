#!/usr/bin/env bash
# Every check of the project, fail-fast: formatting, lints, build, tests
# (unit, end-to-end, and the legacy-code round trip over zlib, Lua and
# SQLite, whose sources `cargo metadata` downloads on first use).
set -euo pipefail
cd "$(dirname "$0")/.."

# A rustup installed by scripts/setup.sh in this same CI job is not on the
# PATH of this new shell yet.
if ! command -v cargo >/dev/null && [ -f "$HOME/.cargo/env" ]; then
    # shellcheck disable=SC1091
    source "$HOME/.cargo/env"
fi

step() {
    echo "==> $*"
    "$@"
}

step cargo fmt --all -- --check
step cargo clippy --workspace --all-targets -- -D warnings
step cargo build --workspace
step cargo test --workspace
# The transfer-volume report must keep running (two small kernels; the
# full report is `cargo bench -p ferry-tests --bench transfers`).
step cargo bench -p ferry-tests --bench transfers -- --size 8 fir syrk
