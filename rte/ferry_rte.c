/* ferry's transfer runtime, the target-independent part: see ferry_rte.h.
 * The accelerator itself is reached only through ferry_rte_backend.h. */
/* clock_gettime and CLOCK_MONOTONIC, whatever -std= the user builds with. */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include "ferry_rte.h"
#include "ferry_rte_backend.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct {
    unsigned long long bytes_to, bytes_from, transfers_to, transfers_from;
    unsigned long long allocations, bytes_allocated;
    unsigned long long scalar_bytes_to, scalar_bytes_from;
    unsigned long long plan_calls[4];
    unsigned long long kernel_launches;
    /* The iterations the launches covered: per launch, the product of its
     * dimensions' iteration counts. */
    unsigned long long work_items;
    /* Wall time in the backend's array copies, and in kernels from their
     * launch to their end (nanoseconds). */
    unsigned long long transfer_ns, kernel_ns;
    int registered;
} stats;

double ferry_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static unsigned long long ns_since(double start)
{
    double elapsed = ferry_clock() - start;
    return elapsed > 0 ? (unsigned long long)(elapsed * 1e9) : 0;
}

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
    /* kernel_launches comes last so that the older fields keep their
     * place for whoever reads them as text. */
    fprintf(f,
            "{\"bytes_to_accel\":%llu,\"bytes_from_accel\":%llu,"
            "\"transfers_to_accel\":%llu,\"transfers_from_accel\":%llu,"
            "\"accel_allocations\":%llu,\"accel_bytes_allocated\":%llu,"
            "\"scalar_bytes_to_accel\":%llu,\"scalar_bytes_from_accel\":%llu,"
            "\"calls_hull\":%llu,\"calls_rows\":%llu,\"calls_exact\":%llu,"
            "\"calls_rects\":%llu,\"kernel_launches\":%llu,"
            "\"transfer_ns\":%llu,\"kernel_ns\":%llu,\"work_items\":%llu}\n",
            stats.bytes_to, stats.bytes_from, stats.transfers_to, stats.transfers_from,
            stats.allocations, stats.bytes_allocated, stats.scalar_bytes_to,
            stats.scalar_bytes_from, stats.plan_calls[FERRY_PLAN_HULL],
            stats.plan_calls[FERRY_PLAN_ROWS], stats.plan_calls[FERRY_PLAN_EXACT],
            stats.plan_calls[FERRY_PLAN_RECTS], stats.kernel_launches, stats.transfer_ns,
            stats.kernel_ns, stats.work_items);
    fclose(f);
}

static void register_stats(void)
{
    if (!stats.registered) {
        stats.registered = 1;
        atexit(write_stats);
    }
}

void *ferry_cell(const void *host, size_t elem_size, long count)
{
    size_t bytes = elem_size * (size_t)(count > 0 ? count : 0);
    void *cell = ferry_backend_alloc(bytes);
    if (host != NULL && count > 0)
        ferry_backend_write(cell, 0, host, elem_size);
    return cell;
}

void ferry_cell_take(void *host, void *cell, size_t elem_size, long count)
{
    if (count > 0)
        ferry_backend_read(host, cell, 0, elem_size * (size_t)count);
    ferry_backend_free(cell);
}

void *ferry_host_array(size_t elem_size, long count)
{
    size_t bytes = elem_size * (size_t)(count > 0 ? count : 1);
    void *p = malloc(bytes);
    if (p == NULL) {
        fprintf(stderr, "ferry runtime: out of host memory (%zu bytes)\n", bytes);
        exit(70);
    }
    return p;
}

void ferry_count_work(unsigned long long work_items)
{
    register_stats();
    stats.kernel_launches++;
    stats.work_items += work_items;
}

void ferry_count_kernel_ns(unsigned long long ns)
{
    register_stats();
    stats.kernel_ns += ns;
}

void ferry_poison(void *host, size_t size, enum ferry_poison poison)
{
    unsigned char *p = (unsigned char *)host;
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

void ferry_backend_vfail(const char *api, const char *error, int code, const char *what,
                         va_list ap)
{
    fprintf(stderr, "ferry runtime (%s): ", api);
    vfprintf(stderr, what, ap);
    if (error)
        fprintf(stderr, ": %s (%d)", error, code);
    fputc('\n', stderr);
    exit(70);
}

void ferry_backend_fail(const char *api, const char *error, int code, const char *what, ...)
{
    va_list ap;
    va_start(ap, what); /* no va_end: ferry_backend_vfail never returns */
    ferry_backend_vfail(api, error, code, what, ap);
}

/* The chunk is a multiple of every element size, so each chunk continues
 * the pattern where the previous one stopped. */
#define POISON_CHUNK ((size_t)1 << 20)

void ferry_poison_through_writes(const char *api, void *accel, size_t bytes,
                                 enum ferry_poison poison)
{
    if (!bytes)
        return;
    size_t chunk = bytes < POISON_CHUNK ? bytes : POISON_CHUNK;
    unsigned char *pattern = (unsigned char *)malloc(chunk);
    if (!pattern)
        ferry_backend_fail(api, NULL, 0, "out of host memory poisoning %zu bytes", bytes);
    ferry_poison(pattern, chunk, poison);
    size_t at;
    for (at = 0; at < bytes; at += chunk) {
        size_t n = bytes - at < chunk ? bytes - at : chunk;
        /* The last chunk ends the way the whole buffer does (0xAB bytes
         * after the last whole element). */
        if (n < chunk)
            ferry_poison(pattern, n, poison);
        ferry_backend_write(accel, at, pattern, n);
    }
    free(pattern);
}

void *ferry_alloc(size_t elem_size, long count, enum ferry_poison poison)
{
    register_stats();
    size_t size = count > 0 ? (size_t)count * elem_size : 0;
    /* The backend returns a distinct handle even for an empty box. */
    void *p = ferry_backend_alloc(size);
    ferry_backend_poison(p, size, poison);
    stats.allocations++;
    stats.bytes_allocated += size;
    return p;
}

void ferry_free(const void *accel)
{
    /* Like free(NULL): a backend handle is never NULL, so this is the only
     * check a backend needs not make. */
    if (accel)
        ferry_backend_free((void *)accel);
}

#define FERRY_MAX_DIMS 16

/* A box reduced to what the copy needs: where it starts on each side (in
 * elements from the start of the array) and, per dimension, its count and
 * the strides of both sides (in elements), outermost first. */
struct box {
    int ndims;
    size_t elem_size;
    size_t accel_start, host_start;
    long counts[FERRY_MAX_DIMS];
    long accel_stride[FERRY_MAX_DIMS], host_stride[FERRY_MAX_DIMS];
};

/* Strides (in elements) of a row-major array from its extents. */
static void strides(long *out, const long *dims, int ndims)
{
    long s = 1;
    int k;
    for (k = ndims - 1; k >= 0; k--) {
        out[k] = s;
        s *= dims[k] > 0 ? dims[k] : 1;
    }
}

/* Bytes in the box; 0 when some count is not positive. */
static size_t box_bytes(const long *counts, int ndims, size_t elem_size)
{
    size_t n = elem_size;
    int k;
    for (k = 0; k < ndims; k++) {
        if (counts[k] <= 0)
            return 0;
        n *= (size_t)counts[k];
    }
    return n;
}

/* Builds the box of a copy (every count positive) with as few dimensions as
 * give the same elements in the same order: an outer dimension of count 1
 * only moves the start, and a dimension whose inner neighbour fills its
 * stride on both sides continues that neighbour's run. Every call a
 * backend makes costs a round trip to a real accelerator, so a whole array
 * of any rank becomes one run, and a 4-D box of full rows one rectangle.
 * The innermost dimension is always kept: it has stride 1 on both sides. */
static void make_box(struct box *b, size_t elem_size, int ndims, const long *accel_dims,
                     const long *accel_offsets, const long *host_dims, const long *host_offsets,
                     const long *counts)
{
    long accel_stride[FERRY_MAX_DIMS], host_stride[FERRY_MAX_DIMS];
    if (ndims > FERRY_MAX_DIMS) {
        fprintf(stderr, "ferry runtime: %d dimensions (at most %d)\n", ndims, FERRY_MAX_DIMS);
        exit(70);
    }
    b->elem_size = elem_size;
    b->accel_start = 0;
    b->host_start = 0;
    if (ndims < 1) {
        /* No dimension: one element (box_bytes counts elem_size). */
        b->ndims = 1;
        b->counts[0] = b->accel_stride[0] = b->host_stride[0] = 1;
        return;
    }
    strides(accel_stride, accel_dims, ndims);
    strides(host_stride, host_dims, ndims);
    /* Collected innermost first, reversed at the end. */
    int n = 0;
    int k;
    for (k = ndims - 1; k >= 0; k--) {
        b->accel_start += (size_t)accel_offsets[k] * accel_stride[k];
        b->host_start += (size_t)host_offsets[k] * host_stride[k];
        if (n > 0 && counts[k] == 1)
            continue;
        if (n > 0 && b->counts[n - 1] * b->accel_stride[n - 1] == accel_stride[k] &&
            b->counts[n - 1] * b->host_stride[n - 1] == host_stride[k]) {
            b->counts[n - 1] *= counts[k];
            continue;
        }
        b->counts[n] = counts[k];
        b->accel_stride[n] = accel_stride[k];
        b->host_stride[n] = host_stride[k];
        n++;
    }
    b->ndims = n;
    int i, j;
    for (i = 0, j = n - 1; i < j; i++, j--) {
        long t = b->counts[i];
        b->counts[i] = b->counts[j];
        b->counts[j] = t;
        t = b->accel_stride[i];
        b->accel_stride[i] = b->accel_stride[j];
        b->accel_stride[j] = t;
        t = b->host_stride[i];
        b->host_stride[i] = b->host_stride[j];
        b->host_stride[j] = t;
    }
}

/* The two directions of a copy, so that one walk serves both without
 * casting a const away. */
struct ends {
    void *accel_dst;
    const void *accel_src;
    unsigned char *host_dst;
    const unsigned char *host_src;
};

/* Copies the box from dimension k on, the outer indices having brought its
 * start to `accel_at` and `host_at` (elements): recursion over the outer
 * dimensions, one backend call per innermost run. */
static void copy_runs(const struct box *b, const struct ends *e, size_t accel_at, size_t host_at,
                      int k)
{
    size_t elem_size = b->elem_size;
    if (k == b->ndims - 1) {
        size_t bytes = (size_t)b->counts[k] * elem_size;
        if (e->accel_dst)
            ferry_backend_write(e->accel_dst, accel_at * elem_size,
                                e->host_src + host_at * elem_size, bytes);
        else
            ferry_backend_read(e->host_dst + host_at * elem_size, e->accel_src,
                               accel_at * elem_size, bytes);
        return;
    }
    long i;
    for (i = 0; i < b->counts[k]; i++)
        copy_runs(b, e, accel_at + (size_t)i * b->accel_stride[k],
                  host_at + (size_t)i * b->host_stride[k], k + 1);
}

/* The rectangle of a box of 2 or 3 dimensions (struct ferry_rect); 0 when
 * the box has another number of dimensions or does not fit its pitches. */
static int make_rect(struct ferry_rect *r, const struct box *b)
{
    int n = b->ndims;
    size_t elem_size = b->elem_size;
    if (n != 2 && n != 3)
        return 0;
    r->width = (size_t)b->counts[n - 1] * elem_size;
    r->rows = (size_t)b->counts[n - 2];
    r->slices = n == 3 ? (size_t)b->counts[0] : 1;
    r->accel.start = b->accel_start * elem_size;
    r->host.start = b->host_start * elem_size;
    r->accel.row = (size_t)b->accel_stride[n - 2] * elem_size;
    r->host.row = (size_t)b->host_stride[n - 2] * elem_size;
    r->accel.slice = n == 3 ? (size_t)b->accel_stride[0] * elem_size : r->rows * r->accel.row;
    r->host.slice = n == 3 ? (size_t)b->host_stride[0] * elem_size : r->rows * r->host.row;
    if (r->accel.row < r->width || r->host.row < r->width)
        return 0;
    /* The rectangle calls see a slice as a whole number of rows. */
    return r->accel.slice >= r->rows * r->accel.row && r->host.slice >= r->rows * r->host.row &&
           r->accel.slice % r->accel.row == 0 && r->host.slice % r->host.row == 0;
}

/* Copies a box whose counts are all positive: one rectangle if the backend
 * takes it, runs otherwise. */
static void copy(const struct ends *e, size_t elem_size, int ndims, const long *host_dims,
                 const long *host_offsets, const long *accel_dims, const long *accel_offsets,
                 const long *counts)
{
    struct box b;
    struct ferry_rect r;
    make_box(&b, elem_size, ndims, accel_dims, accel_offsets, host_dims, host_offsets, counts);
    if (make_rect(&r, &b)) {
        int done = e->accel_dst ? ferry_backend_write_rect(e->accel_dst, e->host_src, &r)
                                : ferry_backend_read_rect(e->host_dst, e->accel_src, &r);
        if (done)
            return;
    }
    copy_runs(&b, e, b.accel_start, b.host_start, 0);
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
    struct ends e = {accel, NULL, NULL, (const unsigned char *)host};
    ferry_backend_wait();
    double start = ferry_clock();
    copy(&e, elem_size, ndims, host_dims, host_offsets, accel_dims, accel_offsets, counts);
    stats.transfer_ns += ns_since(start);
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
    struct ends e = {NULL, accel, (unsigned char *)host, NULL};
    ferry_backend_wait();
    double start = ferry_clock();
    copy(&e, elem_size, ndims, host_dims, host_offsets, accel_dims, accel_offsets, counts);
    stats.transfer_ns += ns_since(start);
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
    ferry_backend_wait();
    double start = ferry_clock();
    ferry_backend_write(accel, (size_t)accel_offset * elem_size,
                        (const unsigned char *)host + (size_t)host_offset * elem_size, bytes);
    stats.transfer_ns += ns_since(start);
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
    ferry_backend_wait();
    double start = ferry_clock();
    ferry_backend_read((unsigned char *)host + (size_t)host_offset * elem_size, accel,
                       (size_t)accel_offset * elem_size, bytes);
    stats.transfer_ns += ns_since(start);
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
    int k;
    for (k = 0; k < ndims; k++) {
        if (counts[k] <= 0)
            return 0;
        n *= counts[k];
    }
    return n;
}

/* Scalars live in host memory in every target (kernels take them by
 * value): `accel` here is a host object, not a backend handle. */
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
