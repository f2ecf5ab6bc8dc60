#!/usr/bin/env bash
# Builds, here, what scripts/gpu_check.sh runs on a machine with an NVIDIA
# GPU but no Rust toolchain: the release `ferry`, the `offload_cuda` test
# binary and the `offload` bench binary, laid out as cargo lays them out
# (`.gpu/release/ferry`, `.gpu/release/deps/...`) so that the tests find
# `ferry` beside their folder; and two projects of the corpus, which the
# GPU machine has no cargo to fetch: bzip2 (`.gpu/bzip2`, with its
# Makefile and samples) and libwebp's codec with the driver of
# `tests/c/drivers/webp.c` (`.gpu/webp`). `.gpu/` is ignored by git; carry
# it with the checkout to the GPU machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v cargo >/dev/null && [ -f "$HOME/.cargo/env" ]; then
    # shellcheck disable=SC1091
    source "$HOME/.cargo/env"
fi

# `cargo test/bench --no-run` names each binary it built on a line
# `Executable <target> (<path>)`.
executable() {
    sed -n 's/^ *Executable .*(\(.*\))$/\1/p' | tail -n 1
}

cargo build --release -p ferry
test_bin=$(cargo test --release -p ferry-tests --test offload_cuda --no-run 2>&1 | executable)
bench_bin=$(cargo bench -p ferry-tests --bench offload --no-run 2>&1 | executable)
[ -n "$test_bin" ] && [ -n "$bench_bin" ] || {
    echo "gpu_bundle: cargo did not name the test and bench binaries" >&2
    exit 1
}

rm -rf .gpu
mkdir -p .gpu/release/deps
cp target/release/ferry .gpu/release/ferry
cp "$test_bin" .gpu/release/deps/offload_cuda
cp "$bench_bin" .gpu/release/deps/offload

# The corpus's crates, as tests/src/corpus.rs finds them.
package_dir() {
    cargo metadata --format-version 1 --locked --manifest-path corpus/Cargo.toml |
        python3 -c 'import json, os, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == sys.argv[1]:
        print(os.path.dirname(p["manifest_path"]))' "$1"
}
bzip2=$(package_dir bzip2-sys)/bzip2-1.0.8
webp=$(package_dir libwebp-sys)/vendor
mkdir -p .gpu/bzip2 .gpu/webp/src
cp "$bzip2"/* .gpu/bzip2/
for folder in src/dec src/dsp src/enc src/utils src/webp sharpyuv; do
    cp -r "$webp/$folder" ".gpu/webp/$folder"
done
: > .gpu/webp/src/webp/config.h
cp tests/c/drivers/webp.c .gpu/webp/driver.c
du -sh .gpu
