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
/* To call right after `name<<<grid, block>>>(...)`: checks the launch
 * (a bad configuration shows only in cudaGetLastError), waits for the
 * kernel so that a fault is reported next to the launch that caused it, and
 * counts the launch in `kernel_launches`, timed from `start` (ferry_clock,
 * read before the launch), and its `work_items` iterations. A launcher
 * skips an empty grid (CUDA rejects it) and does not call this for it. */
void ferry_cuda_launched(const char *name, double start, unsigned long long work_items);

#ifdef __cplusplus
}
#endif

#endif
