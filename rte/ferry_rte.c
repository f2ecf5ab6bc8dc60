/* ferry's transfer runtime, host simulation: see ferry_rte.h. */
#include "ferry_rte.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    unsigned long long bytes_to, bytes_from, transfers_to, transfers_from;
    unsigned long long allocations, bytes_allocated;
    unsigned long long scalar_bytes_to, scalar_bytes_from;
    unsigned long long plan_calls[4];
    int registered;
} stats;

static void write_stats(void)
{
    const char *path = getenv("FERRY_STATS");
    if (!path || !*path)
        return;
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "ferry runtime: cannot write FERRY_STATS file %s\n", path);
        return;
    }
    fprintf(f,
            "{\"bytes_to_accel\":%llu,\"bytes_from_accel\":%llu,"
            "\"transfers_to_accel\":%llu,\"transfers_from_accel\":%llu,"
            "\"accel_allocations\":%llu,\"accel_bytes_allocated\":%llu,"
            "\"scalar_bytes_to_accel\":%llu,\"scalar_bytes_from_accel\":%llu,"
            "\"calls_hull\":%llu,\"calls_rows\":%llu,\"calls_exact\":%llu,"
            "\"calls_rects\":%llu}\n",
            stats.bytes_to, stats.bytes_from, stats.transfers_to, stats.transfers_from,
            stats.allocations, stats.bytes_allocated, stats.scalar_bytes_to,
            stats.scalar_bytes_from, stats.plan_calls[FERRY_PLAN_HULL],
            stats.plan_calls[FERRY_PLAN_ROWS], stats.plan_calls[FERRY_PLAN_EXACT],
            stats.plan_calls[FERRY_PLAN_RECTS]);
    fclose(f);
}

static void register_stats(void)
{
    if (!stats.registered) {
        stats.registered = 1;
        atexit(write_stats);
    }
}

void ferry_poison(void *accel, size_t size, enum ferry_poison poison)
{
    unsigned char *p = accel;
    switch (poison) {
    case FERRY_POISON_FLOAT: {
        float nan = __builtin_nanf("");
        size_t i = 0;
        for (; i + sizeof nan <= size; i += sizeof nan)
            memcpy(p + i, &nan, sizeof nan);
        memset(p + i, 0xAB, size - i);
        break;
    }
    case FERRY_POISON_DOUBLE: {
        double nan = __builtin_nan("");
        size_t i = 0;
        for (; i + sizeof nan <= size; i += sizeof nan)
            memcpy(p + i, &nan, sizeof nan);
        memset(p + i, 0xAB, size - i);
        break;
    }
    case FERRY_POISON_LONG_DOUBLE: {
        long double nan = __builtin_nanl("");
        size_t i = 0;
        for (; i + sizeof nan <= size; i += sizeof nan)
            memcpy(p + i, &nan, sizeof nan);
        memset(p + i, 0xAB, size - i);
        break;
    }
    default:
        memset(p, 0xAB, size);
    }
}

void *ferry_alloc(size_t elem_size, long count, enum ferry_poison poison)
{
    register_stats();
    size_t size = count > 0 ? (size_t)count * elem_size : 0;
    /* A distinct block even for an empty box. */
    void *p = malloc(size ? size : 1);
    if (!p) {
        fprintf(stderr, "ferry runtime: cannot allocate %zu bytes on the accelerator\n", size);
        exit(70);
    }
    ferry_poison(p, size, poison);
    stats.allocations++;
    stats.bytes_allocated += size;
    return p;
}

void ferry_free(void *accel) { free(accel); }

/* Copies one box between two row-major arrays: recursion over the outer
 * dimensions, one memcpy per innermost run. `*_stride[k]` is the number of
 * elements between two consecutive indices of dimension k. */
static void copy_box(unsigned char *dst, const long *dst_stride, const long *dst_offsets,
                     const unsigned char *src, const long *src_stride, const long *src_offsets,
                     const long *counts, size_t elem_size, int ndims, int k)
{
    dst += (size_t)dst_offsets[k] * dst_stride[k] * elem_size;
    src += (size_t)src_offsets[k] * src_stride[k] * elem_size;
    if (k == ndims - 1) {
        memcpy(dst, src, (size_t)counts[k] * elem_size);
        return;
    }
    for (long i = 0; i < counts[k]; i++)
        copy_box(dst + (size_t)i * dst_stride[k] * elem_size, dst_stride, dst_offsets,
                 src + (size_t)i * src_stride[k] * elem_size, src_stride, src_offsets, counts,
                 elem_size, ndims, k + 1);
}

/* Strides (in elements) of a row-major array from its extents. */
static void strides(long *out, const long *dims, int ndims)
{
    long s = 1;
    for (int k = ndims - 1; k >= 0; k--) {
        out[k] = s;
        s *= dims[k] > 0 ? dims[k] : 1;
    }
}

/* Bytes in the box; 0 when some count is not positive. */
static size_t box_bytes(const long *counts, int ndims, size_t elem_size)
{
    size_t n = elem_size;
    for (int k = 0; k < ndims; k++) {
        if (counts[k] <= 0)
            return 0;
        n *= (size_t)counts[k];
    }
    return n;
}

#define FERRY_MAX_DIMS 16

static void copy(unsigned char *dst, const long *dst_dims, const long *dst_offsets,
                 const unsigned char *src, const long *src_dims, const long *src_offsets,
                 const long *counts, size_t elem_size, int ndims)
{
    long dst_stride[FERRY_MAX_DIMS], src_stride[FERRY_MAX_DIMS];
    if (ndims > FERRY_MAX_DIMS) {
        fprintf(stderr, "ferry runtime: %d dimensions (at most %d)\n", ndims, FERRY_MAX_DIMS);
        exit(70);
    }
    strides(dst_stride, dst_dims, ndims);
    strides(src_stride, src_dims, ndims);
    copy_box(dst, dst_stride, dst_offsets, src, src_stride, src_offsets, counts, elem_size,
             ndims, 0);
}

/* Counts one array copy of `plan`. */
static void count_call(enum ferry_plan plan)
{
    if ((unsigned)plan < sizeof stats.plan_calls / sizeof stats.plan_calls[0])
        stats.plan_calls[plan]++;
}

void ferry_copy_box_to_accel(enum ferry_plan plan, void *accel, const void *host,
                             size_t elem_size, int ndims, const long *host_dims,
                             const long *host_offsets, const long *accel_dims,
                             const long *accel_offsets, const long *counts)
{
    register_stats();
    size_t bytes = box_bytes(counts, ndims, elem_size);
    if (!bytes)
        return;
    copy(accel, accel_dims, accel_offsets, host, host_dims, host_offsets, counts, elem_size,
         ndims);
    stats.bytes_to += bytes;
    stats.transfers_to++;
    count_call(plan);
}

void ferry_copy_box_from_accel(enum ferry_plan plan, void *host, const void *accel,
                               size_t elem_size, int ndims, const long *host_dims,
                               const long *host_offsets, const long *accel_dims,
                               const long *accel_offsets, const long *counts)
{
    register_stats();
    size_t bytes = box_bytes(counts, ndims, elem_size);
    if (!bytes)
        return;
    copy(host, host_dims, host_offsets, accel, accel_dims, accel_offsets, counts, elem_size,
         ndims);
    stats.bytes_from += bytes;
    stats.transfers_from++;
    count_call(plan);
}

void ferry_copy_to_accel(void *accel, const void *host, size_t elem_size, int ndims,
                         const long *host_dims, const long *host_offsets,
                         const long *accel_dims, const long *accel_offsets,
                         const long *counts)
{
    ferry_copy_box_to_accel(FERRY_PLAN_HULL, accel, host, elem_size, ndims, host_dims,
                            host_offsets, accel_dims, accel_offsets, counts);
}

void ferry_copy_from_accel(void *host, const void *accel, size_t elem_size, int ndims,
                           const long *host_dims, const long *host_offsets,
                           const long *accel_dims, const long *accel_offsets,
                           const long *counts)
{
    ferry_copy_box_from_accel(FERRY_PLAN_HULL, host, accel, elem_size, ndims, host_dims,
                              host_offsets, accel_dims, accel_offsets, counts);
}

void ferry_copy_run_to_accel(enum ferry_plan plan, void *accel, const void *host,
                             size_t elem_size, long accel_offset, long host_offset, long count)
{
    register_stats();
    if (count <= 0)
        return;
    size_t bytes = (size_t)count * elem_size;
    memcpy((unsigned char *)accel + (size_t)accel_offset * elem_size,
           (const unsigned char *)host + (size_t)host_offset * elem_size, bytes);
    stats.bytes_to += bytes;
    stats.transfers_to++;
    count_call(plan);
}

void ferry_copy_run_from_accel(enum ferry_plan plan, void *host, const void *accel,
                               size_t elem_size, long host_offset, long accel_offset, long count)
{
    register_stats();
    if (count <= 0)
        return;
    size_t bytes = (size_t)count * elem_size;
    memcpy((unsigned char *)host + (size_t)host_offset * elem_size,
           (const unsigned char *)accel + (size_t)accel_offset * elem_size, bytes);
    stats.bytes_from += bytes;
    stats.transfers_from++;
    count_call(plan);
}

double ferry_copy_time(const struct ferry_cost_model *model, size_t elem_size, long elements)
{
    if (elements <= 0)
        return 0.0;
    return model->latency_us + (double)elements * (double)elem_size / model->bytes_per_us;
}

long ferry_box_elements(int ndims, const long *counts)
{
    long n = 1;
    for (int k = 0; k < ndims; k++) {
        if (counts[k] <= 0)
            return 0;
        n *= counts[k];
    }
    return n;
}

void ferry_scalar_to_accel(void *accel, const void *host, size_t size)
{
    register_stats();
    memcpy(accel, host, size);
    stats.bytes_to += size;
    stats.scalar_bytes_to += size;
    stats.transfers_to++;
}

void ferry_scalar_from_accel(void *host, const void *accel, size_t size)
{
    register_stats();
    memcpy(host, accel, size);
    stats.bytes_from += size;
    stats.scalar_bytes_from += size;
    stats.transfers_from++;
}
