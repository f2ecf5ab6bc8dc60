/* ferry's transfer runtime: the host memcpy simulation of an accelerator.
 *
 * Generated code includes this header and is linked with ferry_rte.c
 * (`cc -I OUTDIR OUTDIR/...c`). "Accelerator" buffers live apart from the
 * host's memory and are filled with a poison pattern when allocated (NaN
 * for floating types, 0xAB bytes otherwise), so that a missing or short
 * load corrupts the result instead of passing by luck.
 *
 * Rectangular copies follow section 3 of the paper (its memcpy2d), for any
 * number of dimensions: both sides are row-major arrays of `ndims`
 * dimensions whose extents are given (the extent of the first dimension is
 * never needed); the box starts at `host_offsets` on the host and at
 * `accel_offsets` in the accelerator buffer, and spans `counts` elements
 * per dimension. Offsets and counts are in elements.
 *
 * With FERRY_STATS=FILE in the environment, the program writes at exit one
 * JSON object to FILE:
 *   {"bytes_to_accel":N,"bytes_from_accel":N,"transfers_to_accel":N,
 *    "transfers_from_accel":N,"accel_allocations":N,"accel_bytes_allocated":N,
 *    "scalar_bytes_to_accel":N,"scalar_bytes_from_accel":N}
 * The first four are the contract of DESIGN.md; the scalar counts are the
 * part of the bytes that scalars (copied whole) account for, so that array
 * volumes can be compared. A transfer that moves no byte (an empty box) is
 * not counted. */
#ifndef FERRY_RTE_H
#define FERRY_RTE_H

#include <stddef.h>

enum ferry_poison {
    FERRY_POISON_BYTES,
    FERRY_POISON_FLOAT,
    FERRY_POISON_DOUBLE,
    FERRY_POISON_LONG_DOUBLE
};

/* A buffer of `count` elements of `elem_size` bytes on the accelerator,
 * poisoned. Never NULL (exits with a message when memory runs out). */
void *ferry_alloc(size_t elem_size, long count, enum ferry_poison poison);
void ferry_free(void *accel);
/* Fills `size` bytes with the poison pattern of `poison`. */
void ferry_poison(void *accel, size_t size, enum ferry_poison poison);

void ferry_copy_to_accel(void *accel, const void *host, size_t elem_size, int ndims,
                         const long *host_dims, const long *host_offsets,
                         const long *accel_dims, const long *accel_offsets,
                         const long *counts);
void ferry_copy_from_accel(void *host, const void *accel, size_t elem_size, int ndims,
                           const long *host_dims, const long *host_offsets,
                           const long *accel_dims, const long *accel_offsets,
                           const long *counts);

/* A scalar (or any object moved whole). */
void ferry_scalar_to_accel(void *accel, const void *host, size_t size);
void ferry_scalar_from_accel(void *host, const void *accel, size_t size);

/* Integer helpers for the bounds ferry computes with isl: floor division
 * (C's `/` truncates toward zero), minimum and maximum. */
static inline long ferry_floord(long a, long b)
{
    long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static inline long ferry_min(long a, long b) { return a < b ? a : b; }
static inline long ferry_max(long a, long b) { return a > b ? a : b; }

#endif
