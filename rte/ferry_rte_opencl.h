/* ferry's runtime on OpenCL 1.2: what generated kernel launchers call, on
 * top of ferry_rte.h (link ferry_rte.c and ferry_rte_opencl.c, -lOpenCL).
 *
 * The runtime owns one context and one in-order queue, made on first use
 * on the first device of the first platform that has one; FERRY_CL_PLATFORM
 * and FERRY_CL_DEVICE (indices, as `clinfo -l` lists them) pick others. A
 * buffer from ferry_alloc is a cl_mem. Every failure prints
 *   ferry runtime (OpenCL): <what failed>: <error name> (<code>)
 * and exits with 70. */
#ifndef FERRY_RTE_OPENCL_H
#define FERRY_RTE_OPENCL_H

#include "ferry_rte.h"

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kernel `name` of the program whose source is `source`. The program is
 * built once per source (`source` is a string constant of the generated
 * code, so its address is the key), with -cl-fp32-correctly-rounded-divide-sqrt
 * where the device supports it so that float division and sqrt round as on
 * the host; a failed build prints the build log. The kernel is made once
 * per (source, name) and returned again after that. */
cl_kernel ferry_cl_kernel(const char *source, const char *name);
/* Sets argument `index` of `k`: a value of `size` bytes (a scalar, passed
 * by value), or a buffer from ferry_alloc. */
void ferry_cl_arg(cl_kernel k, unsigned index, size_t size, const void *value);
void ferry_cl_arg_buffer(cl_kernel k, unsigned index, void *accel);
/* Runs `k` (`name` is for messages) over a `dims`-dimensional (1 to 3) range
 * of `global` work items in work-groups of `local` (NULL: the
 * implementation's choice; else each global[d] is a multiple of local[d]),
 * without waiting for it: the runtime waits before its next copy and
 * reports a failed kernel there, by name (FERRY_CL_BLOCKING=1: at its
 * launch). An empty range (some global[d] == 0) runs nothing and is not
 * counted; otherwise the launch counts in `kernel_launches`, its
 * `work_items` iterations (the product of the nest's counts, without the
 * rounding up to whole work-groups) in `work_items`; `kernel_ns` counts
 * the wall time from a launch the host has not waited for to the end of
 * the wait. */
void ferry_cl_launch(cl_kernel k, const char *name, unsigned dims, const size_t *global,
                     const size_t *local, unsigned long long work_items);

#ifdef __cplusplus
}
#endif

#endif
