#!/usr/bin/env bash
# Runs ferry's generated CUDA for real, on a machine with an NVIDIA GPU and
# nvcc but no Rust toolchain, from the binaries scripts/gpu_bundle.sh built
# into `.gpu/` (carried with the checkout). Run from the checkout's root:
#
#     bash scripts/gpu_check.sh [OUTDIR]
#
# Each step writes its log into OUTDIR (default `$OUT`, else
# /tmp/ferry-gpu) as it goes, so a run cut short still leaves what it did:
#   gpu.txt            the device and nvcc;
#   offload_cuda.log   the CUDA tests: every kernel and isolate program
#                      compiled for sm_75 and sm_90, run on the GPU and
#                      compared with the original, the hand-written
#                      versions too;
#   bench_N.log        the offload bench at size N against the sequential
#                      program and the hand-written CUDA kernels;
#   bzip2_cuda.log,    bzip2 and libwebp offloaded by `ferry validate -p
#   webp_cuda.log      --auto --target cuda`, built by their own commands
#                      and run on the GPU against the originals.
# The exit status is the tests'. Without a GPU the tests only compile the
# CUDA outputs, and the bench is skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-${OUT:-/tmp/ferry-gpu}}
mkdir -p "$out"

[ -x .gpu/release/ferry ] || {
    echo "gpu_check: no .gpu/release/ferry: run scripts/gpu_bundle.sh first and carry .gpu" >&2
    exit 1
}
# The binaries were built in another checkout: point them at this one.
export FERRY_WORKSPACE=$PWD
for dir in /usr/local/cuda/bin /usr/local/cuda-*/bin; do
    [ -x "$dir/nvcc" ] && PATH=$PATH:$dir && break
done
export PATH

{
    nvidia-smi -L
    "${NVCC:-nvcc}" --version | tail -n 2
    date -u
} > "$out/gpu.txt" 2>&1
cat "$out/gpu.txt"

# Two tests at a time: each checks its programs on up to 8 threads.
.gpu/release/deps/offload_cuda --test-threads 2 2>&1 | tee "$out/offload_cuda.log"
status=${PIPESTATUS[0]}

# The kernels with hand-written versions (gemm, syrk, fdtd_2d, jacobi_2d:
# their figures are the ones issue 26 asks for), the rest of the dense
# algebra, and the two stencils again at a size where kernels dominate.
bench() {
    local size=$1
    shift
    .gpu/release/deps/offload --target cuda --size "$size" --repeat 3 --limit 30 "$@" \
        2>&1 | tee "$out/bench_$size.log"
}
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "gpu_check: no GPU here: the CUDA outputs were compiled, not run; no bench" >&2
    exit "$status"
fi
bench 1000 gemm syrk fdtd_2d jacobi_2d mm2 mm3 syr2k covariance atax lu
bench 4000 fdtd_2d jacobi_2d

# Whole projects on the GPU (legacy_projects.rs does the same on pocl).
# project NAME CFLAGS BUILD RUN...: .gpu/NAME copied to a scratch folder,
# every C file of it a unit preprocessed with CFLAGS.
project() {
    local name=$1 cflags=$2 build=$3
    shift 3
    local runs=() dir=/tmp/ferry-gpu-$name
    for run in "$@"; do runs+=(--run "$run"); done
    rm -rf "$dir" && cp -r ".gpu/$name" "$dir"
    # shellcheck disable=SC2086
    (cd "$dir" &&
        "$OLDPWD/.gpu/release/ferry" validate -p . --auto --quiet --target cuda \
            --build "$build" "${runs[@]}" ${cflags//@DIR@/$dir} 2>&1) |
        grep -v "note: loop nest" | tee "$out/${name}_cuda.log"
}
project bzip2 -D_FILE_OFFSET_BITS=64 'make -s CFLAGS="-O2 -D_FILE_OFFSET_BITS=64 $FERRY_RTE_CFLAGS" LDFLAGS="$FERRY_RTE_LIBS" bzip2' \
    './bzip2 -1 < sample1.ref | ./bzip2 -d | cmp - sample1.ref && echo round trip' \
    './bzip2 -d < sample2.bz2 | cksum' './bzip2 -9 < sample3.ref | cksum'
project webp '-DHAVE_CONFIG_H -I@DIR@' 'cc -O1 -DHAVE_CONFIG_H -I. $FERRY_RTE_CFLAGS $(ls src/*/*.c sharpyuv/*.c | grep -v _launch.c) driver.c -o webp $FERRY_RTE_LIBS -lm -lpthread' \
    './webp 64' './webp 33' './webp 512'
exit "$status"
