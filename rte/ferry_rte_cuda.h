/* ferry's runtime on the CUDA runtime API: what generated .cu launchers
 * call, on top of ferry_rte.h (link ferry_rte.c, compiled by a C compiler
 * or by nvcc, with ferry_rte_cuda.cu compiled by nvcc).
 *
 * A buffer from ferry_alloc is a device pointer (cudaMalloc) on the current
 * device (CUDA_VISIBLE_DEVICES picks it). Every failure prints
 *   ferry runtime (CUDA): <what failed>: <cudaGetErrorString> (<code>)
 * and exits with 70. */
#ifndef FERRY_RTE_CUDA_H
#define FERRY_RTE_CUDA_H

#include "ferry_rte.h"

/* The C part of the runtime API: this header also serves C callers. */
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exits with the message above unless `e` is cudaSuccess. */
void ferry_cuda_check(cudaError_t e, const char *what);
/* The stream every device operation of the program goes on, in order:
 * copies, kernels, poisoning (created at first use, non-blocking). */
cudaStream_t ferry_cuda_stream(void);
/* Whether a kernel may compute its subscripts in `int` rather than
 * `long`: every device allocation so far is under 2^31 bytes and every one
 * of the `count` `values` (the launch's extents, first indices, counts and
 * last indices) within 2^30 of 0; never with FERRY_CUDA_WIDE=1 in the
 * environment. */
int ferry_cuda_narrow(const long *values, int count);
/* To call right before launching `kernel` (the __global__ function, for
 * messages named `name`): loads it the first time (so that its time does
 * not count loading it), then gives its start, an event recorded on the
 * stream. */
cudaEvent_t ferry_cuda_before_launch(const void *kernel, const char *name);
/* To call right after `name<<<grid, block, 0, ferry_cuda_stream()>>>(...)`:
 * checks the launch (a bad configuration shows only in cudaGetLastError),
 * records the kernel's end and counts the launch in `kernel_launches` with
 * its `work_items` iterations. The host goes on while the kernel runs: the
 * next copy (or cudaFree, or the program's end) waits for it, and its time
 * (start to end on the device) is counted then. A fault in a kernel is
 * therefore reported at that wait, naming the last kernel launched; with
 * CUDA_LAUNCH_BLOCKING=1 in the environment every launch waits and a
 * fault shows at its own. A launcher skips an empty grid (CUDA rejects it)
 * and does not call this for it. */
void ferry_cuda_launched(const char *name, cudaEvent_t start, unsigned long long work_items);

#ifdef __cplusplus
}
#endif

#endif
