#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine to build and test ferry, then builds it
# and runs it on examples/fir.c. Run as root (CI does); elsewhere it uses
# sudo for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
    echo "==> $*"
    "$@"
}

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null; then
    SUDO=(sudo)
else
    echo "setup.sh: run as root (apt-get needs it)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive

# C toolchain: ferry preprocesses with `cc -E` and the tests compile its
# output with `cc`; pkg-config, git, curl and certificates for cargo and
# rustup; autoconf, automake and libtool for the isl that isl-rs builds
# from source (without them its build script fails with `autoreconf: not
# found`).
step "${SUDO[@]}" apt-get update
# pocl runs the OpenCL target's kernels on the CPU (the tests validate
# every offloaded program on it); python3-venv holds nvcc from PyPI;
# Csmith writes the random programs of the scaling tests; headless
# Chromium loads and draws the HTML report in the tests.
step "${SUDO[@]}" apt-get install -y --no-install-recommends \
    gcc libc6-dev make pkg-config git curl ca-certificates \
    autoconf automake libtool m4 \
    pocl-opencl-icd ocl-icd-opencl-dev clinfo \
    python3 python3-venv \
    csmith libcsmith-dev \
    chromium

# nvcc (CUDA 13) from PyPI, under .cuda/: the tests compile the CUDA
# target's output with it for sm_75 and sm_90. It needs no GPU.
if ! ls .cuda/lib/python3*/site-packages/nvidia/cu13/bin/nvcc >/dev/null 2>&1; then
    step python3 -m venv .cuda
    step .cuda/bin/pip install --quiet nvidia-cuda-nvcc nvidia-cuda-runtime
fi

# Rust, through rustup, only if there is no cargo yet.
if ! command -v cargo >/dev/null && [ -f "$HOME/.cargo/env" ]; then
    # shellcheck disable=SC1091
    source "$HOME/.cargo/env"
fi
if ! command -v cargo >/dev/null; then
    echo "==> installing Rust (stable) with rustup"
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
        sh -s -- -y --profile minimal --default-toolchain stable --component rustfmt,clippy
    # shellcheck disable=SC1091
    source "$HOME/.cargo/env"
elif command -v rustup >/dev/null; then
    # scripts/test.sh runs rustfmt and clippy.
    step rustup component add rustfmt clippy
fi
step cargo --version

step cargo build --release --workspace
step target/release/ferry parse examples/fir.c
step target/release/ferry semantics examples/listing_1_2.c
step target/release/ferry validate tests/c/isolate_snapshots/listing_1_3.c --label kernel --run 100
step target/release/ferry validate tests/c/isolate/matvec.c --label kernel --target opencl --explain --run "16 16"
