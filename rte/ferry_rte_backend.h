/* What a backend of ferry's runtime provides (internal: generated code
 * includes ferry_rte.h, never this header).
 *
 * ferry_rte.c does everything that does not depend on the target (the
 * statistics, the decomposition of a box into contiguous runs) and reaches
 * the accelerator only through these functions; each target implements them
 * once: ferry_rte_host.c, ferry_rte_opencl.c, ferry_rte_cuda.cu.
 *
 * A buffer is an opaque handle: the common code never dereferences it nor
 * does arithmetic on it (a cl_mem is no pointer at all), so every position
 * in a buffer is passed as a byte offset from its start. Sizes and offsets
 * are in bytes, strides in elements. Every function either succeeds or
 * prints a message and exits with 70: the common code checks nothing. */
#ifndef FERRY_RTE_BACKEND_H
#define FERRY_RTE_BACKEND_H

#include "ferry_rte.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A buffer of `bytes` bytes, not initialised. Never NULL; `bytes` may be
 * 0, and the handle is then still distinct from every other live one. */
void *ferry_backend_alloc(size_t bytes);
/* `accel` is never NULL. */
void ferry_backend_free(void *accel);
/* Fills the whole buffer (`bytes` as allocated) with the pattern that
 * ferry_poison writes into host memory. */
void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison);

/* Blocking copies of `bytes` (> 0) bytes between host memory and the buffer
 * at byte `accel_offset`: when they return, the host side may be reused or
 * read. */
void ferry_backend_write(void *accel, size_t accel_offset, const void *host, size_t bytes);
void ferry_backend_read(void *host, const void *accel, size_t accel_offset, size_t bytes);

/* Optional fast path: one box of `ndims` (2 or 3) dimensions in one call.
 * Return 1 when copied, 0 when not handled (the common code then copies the
 * box run by run). The box has `counts[k]` (> 0) elements of `elem_size`
 * bytes in dimension k; on each side, element (i_0, ..., i_{n-1}) of the
 * box is at element sum_k (offsets[k] + i_k) * stride[k] from the start.
 * The innermost stride is 1 and each stride is a multiple of the next
 * (they are those of row-major arrays, some dimensions left out or merged),
 * so only the linear start sum_k offsets[k] * stride[k] means something: an
 * offset may exceed what was a dimension's extent. A box within both
 * arrays has counts[n-1] <= stride[n-2] and counts[k] * stride[k] <=
 * stride[k-1]; a backend whose call needs that checks it and returns 0
 * otherwise. */
int ferry_backend_write_rect(void *accel, const void *host, size_t elem_size, int ndims,
                             const long *accel_stride, const long *accel_offsets,
                             const long *host_stride, const long *host_offsets,
                             const long *counts);
int ferry_backend_read_rect(void *host, const void *accel, size_t elem_size, int ndims,
                            const long *host_stride, const long *host_offsets,
                            const long *accel_stride, const long *accel_offsets,
                            const long *counts);

#ifdef __cplusplus
}
#endif

#endif
