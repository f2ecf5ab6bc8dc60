/* ferry's transfer runtime: accelerator buffers, the transfers between them
 * and host arrays, and their statistics.
 *
 * Generated code includes this header and is linked with ferry_rte.c, the
 * target-independent part, and exactly one backend, which owns the
 * accelerator's memory (the interface is ferry_rte_backend.h):
 *   ferry_rte_host.c    the host simulation: buffers are malloc'ed host
 *                       memory, copies are memcpy (`cc -I OUTDIR OUTDIR/...c`);
 *   ferry_rte_opencl.c  OpenCL 1.2 (link with -lOpenCL); ferry_rte_opencl.h
 *                       adds what generated kernel launchers call;
 *   ferry_rte_cuda.cu   the CUDA runtime API (nvcc); ferry_rte_cuda.h adds
 *                       what generated .cu launchers call.
 * A handle returned by ferry_alloc is opaque outside the backend (a cl_mem
 * for OpenCL, a device pointer for CUDA): only pass it back to this API or
 * to a kernel. Scalars stay in host memory in every target (kernels take
 * them by value), so ferry_scalar_* and ferry_poison work on host memory.
 * Every failure of the accelerator prints a message and exits with 70.
 *
 * "Accelerator" buffers are filled with a poison pattern when allocated
 * (NaN for floating types, 0xAB bytes otherwise), so that a missing or
 * short load corrupts the result instead of passing by luck.
 *
 * Rectangular copies follow section 3 of the paper (its memcpy2d), for any
 * number of dimensions: both sides are row-major arrays of `ndims`
 * dimensions whose extents are given (the extent of the first dimension is
 * never needed); the box starts at `host_offsets` on the host and at
 * `accel_offsets` in the accelerator buffer, and spans `counts` elements
 * per dimension. Offsets and counts are in elements. The box goes to the
 * backend as contiguous runs, or as one 2-D/3-D rectangle where the backend
 * has a call for it; either way it is one transfer in the statistics.
 *
 * With FERRY_STATS=FILE in the environment, the program writes at exit one
 * JSON object to FILE:
 *   {"bytes_to_accel":N,"bytes_from_accel":N,"transfers_to_accel":N,
 *    "transfers_from_accel":N,"accel_allocations":N,"accel_bytes_allocated":N,
 *    "scalar_bytes_to_accel":N,"scalar_bytes_from_accel":N,
 *    "calls_hull":N,"calls_rows":N,"calls_exact":N,"calls_rects":N,
 *    "kernel_launches":N,"transfer_ns":N,"kernel_ns":N,"work_items":N}
 * The first four are the contract of DESIGN.md; the scalar counts are the
 * part of the bytes that scalars (copied whole) account for, so that array
 * volumes can be compared; `calls_*` count the array copies (both ways) by
 * the transfer plan that made them (`enum ferry_plan`). A transfer that
 * moves no byte (an empty box, an empty run) is not counted.
 * `kernel_launches` counts ferry_count_work calls (ferry_cl_launch and
 * ferry_cuda_launched make them; 0 in the host simulation, where nothing
 * is launched); `work_items` adds up the iterations each launch covers
 * (the product of its dimensions' counts: for a triangular nest, the box
 * around it). The statistics are the same whatever the backend: they
 * count the calls of this API, not what a backend makes of them (its
 * poisoning writes are not transfers). Apart from them, `transfer_ns` and
 * `kernel_ns` are the time spent in the array copies (wall time) and in
 * the kernels (OpenCL: wall time from the first launch the host has not
 * waited for to the end of the wait; CUDA: the device's time between
 * events around each launch; neither backend waits for a kernel at its
 * launch): measurements, different at every run. */
#ifndef FERRY_RTE_H
#define FERRY_RTE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ferry_poison {
    FERRY_POISON_BYTES,
    FERRY_POISON_FLOAT,
    FERRY_POISON_DOUBLE,
    FERRY_POISON_LONG_DOUBLE
};

/* A buffer of `count` elements of `elem_size` bytes on the accelerator,
 * poisoned. Never NULL (exits with a message when memory runs out). */
void *ferry_alloc(size_t elem_size, long count, enum ferry_poison poison);
/* Takes a const buffer too: the device copy of a const array is one, and
 * ends as the others do. */
void ferry_free(const void *accel);
/* Fills `size` bytes of HOST memory with the poison pattern of `poison`
 * (backends poison their buffers through a host copy of the pattern). */
void ferry_poison(void *host, size_t size, enum ferry_poison poison);

/* The transfer plan a copy belongs to (ferry's `--transfer-plan`): the
 * rectangular hull of a region as one n-dimensional copy; its contiguous
 * span in row-major order as one 1-D copy; the exact region scanned as
 * runs of its innermost dimension, one 1-D copy each; a few rectangles
 * whose union is the region. Only the statistics tell them apart. */
enum ferry_plan { FERRY_PLAN_HULL, FERRY_PLAN_ROWS, FERRY_PLAN_EXACT, FERRY_PLAN_RECTS };

/* The n-dimensional copies of a rectangular box, counted under the hull
 * plan; the `_box_` forms name the plan. */
void ferry_copy_to_accel(void *accel, const void *host, size_t elem_size, int ndims,
                         const long *host_dims, const long *host_offsets,
                         const long *accel_dims, const long *accel_offsets,
                         const long *counts);
void ferry_copy_from_accel(void *host, const void *accel, size_t elem_size, int ndims,
                           const long *host_dims, const long *host_offsets,
                           const long *accel_dims, const long *accel_offsets,
                           const long *counts);

void ferry_copy_box_to_accel(enum ferry_plan plan, void *accel, const void *host,
                             size_t elem_size, int ndims, const long *host_dims,
                             const long *host_offsets, const long *accel_dims,
                             const long *accel_offsets, const long *counts);
void ferry_copy_box_from_accel(enum ferry_plan plan, void *host, const void *accel,
                               size_t elem_size, int ndims, const long *host_dims,
                               const long *host_offsets, const long *accel_dims,
                               const long *accel_offsets, const long *counts);

/* One contiguous run of `count` elements, at element offsets counted from
 * the start of each side's array (row-major, so a run may cross rows when
 * both sides have rows of the same length). Nothing when count <= 0. */
void ferry_copy_run_to_accel(enum ferry_plan plan, void *accel, const void *host,
                             size_t elem_size, long accel_offset, long host_offset, long count);
void ferry_copy_run_from_accel(enum ferry_plan plan, void *host, const void *accel,
                               size_t elem_size, long host_offset, long accel_offset, long count);

/* The modeled time of one copy (ferry's `--transfer-cost`): a fixed cost
 * per call and a cost per byte; 0 for a copy that moves nothing (it makes
 * no call). Generated code compares the plans of an array with it, before
 * the statement runs, and keeps the cheapest. */
struct ferry_cost_model {
    double latency_us;   /* per call */
    double bytes_per_us; /* bandwidth */
};
double ferry_copy_time(const struct ferry_cost_model *model, size_t elem_size, long elements);
/* The elements of a box: the product of its counts, 0 when one is not
 * positive. */
long ferry_box_elements(int ndims, const long *counts);

/* A scalar (or any object moved whole). Its "accelerator" copy is a host
 * object in every target, not a handle from ferry_alloc: kernels take
 * scalars by value. */
void ferry_scalar_to_accel(void *accel, const void *host, size_t size);
void ferry_scalar_from_accel(void *host, const void *accel, size_t size);

/* Cells: device memory a kernel writes that is not an array of the plan
 * (a host scalar a one-work-item kernel assigns, the partial results of a
 * reduction's work-groups). They are part of a launch, as its arguments
 * are, not transfers: FERRY_STATS does not count them, so the statistics
 * of every target stay those of the host simulation.
 *
 * ferry_cell: `count` elements of `elem_size` bytes; when `host` is not
 * NULL, the first element is copied from it. ferry_cell_take copies the
 * first `count` elements back into `host` (none when `count` is 0: a
 * scratch) and frees the cell. */
void *ferry_cell(const void *host, size_t elem_size, long count);
void ferry_cell_take(void *host, void *cell, size_t elem_size, long count);
/* `count` elements of `elem_size` bytes of host memory (malloc; release
 * with free), for the partial results of a reduction. Never NULL. */
void *ferry_host_array(size_t elem_size, long count);

/* Seconds on a monotonic clock, to time copies with. */
double ferry_clock(void);
/* For a backend, which learns a kernel's time after its launch: one
 * launch of `work_items` iterations (`kernel_launches`, `work_items`), and
 * `ns` nanoseconds of kernel time (`kernel_ns`). */
void ferry_count_work(unsigned long long work_items);
void ferry_count_kernel_ns(unsigned long long ns);

/* Integer helpers for the bounds ferry computes with isl: floor division
 * (C's `/` truncates toward zero), minimum and maximum. */
static inline long ferry_floord(long a, long b)
{
    long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static inline long ferry_min(long a, long b) { return a < b ? a : b; }
static inline long ferry_max(long a, long b) { return a > b ? a : b; }

#ifdef __cplusplus
}
#endif

#endif
