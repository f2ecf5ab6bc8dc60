/* ferry's runtime backend for the CUDA runtime API (ferry_rte_backend.h)
 * and the helpers of generated .cu launchers (ferry_rte_cuda.h). Compiled
 * as C++ by nvcc; everything it exports has C linkage, so ferry_rte.c may
 * be compiled by a C compiler. */
#include "ferry_rte_cuda.h"
#include "ferry_rte_backend.h"

#include <cuda_runtime.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints `what` (a printf format) and the error, and exits. */
static void fail(cudaError_t e, const char *what, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;

static void fail(cudaError_t e, const char *what, ...)
{
    va_list ap;
    va_start(ap, what);
    fputs("ferry runtime (CUDA): ", stderr);
    vfprintf(stderr, what, ap);
    fprintf(stderr, ": %s (%d)\n", cudaGetErrorString(e), (int)e);
    va_end(ap);
    exit(70);
}

/* Checks the result of an API call; `what` is formatted only when it
 * failed. */
static void check(cudaError_t e, const char *what, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void check(cudaError_t e, const char *what, ...)
{
    if (e == cudaSuccess)
        return;
    char text[256];
    va_list ap;
    va_start(ap, what);
    vsnprintf(text, sizeof text, what, ap);
    va_end(ap);
    fail(e, "%s", text);
}

extern "C" void ferry_cuda_check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess)
        fail(e, "%s", what);
}

extern "C" void ferry_cuda_launched(const char *name)
{
    check(cudaGetLastError(), "launch of kernel %s", name);
    check(cudaDeviceSynchronize(), "kernel %s", name);
    ferry_count_launch();
}

extern "C" void *ferry_backend_alloc(size_t bytes)
{
    void *p = NULL;
    /* cudaMalloc(0) gives NULL: one byte keeps every handle distinct. */
    check(cudaMalloc(&p, bytes ? bytes : 1), "cudaMalloc of %zu bytes", bytes);
    return p;
}

extern "C" void ferry_backend_free(void *accel)
{
    check(cudaFree(accel), "cudaFree");
}

extern "C" void ferry_backend_write(void *accel, size_t accel_offset, const void *host,
                                    size_t bytes)
{
    check(cudaMemcpy(static_cast<unsigned char *>(accel) + accel_offset, host, bytes,
                     cudaMemcpyHostToDevice),
          "cudaMemcpy of %zu bytes to the device at byte %zu", bytes, accel_offset);
}

extern "C" void ferry_backend_read(void *host, const void *accel, size_t accel_offset,
                                   size_t bytes)
{
    check(cudaMemcpy(host, static_cast<const unsigned char *>(accel) + accel_offset, bytes,
                     cudaMemcpyDeviceToHost),
          "cudaMemcpy of %zu bytes from the device at byte %zu", bytes, accel_offset);
}

/* The pattern goes through a bounded host buffer: poisoning a buffer as
 * large as the device's memory must not need as much host memory. The
 * chunk is a multiple of every element size, so each chunk continues the
 * pattern where the previous one stopped. */
static const size_t poison_chunk = (size_t)1 << 20;

extern "C" void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison)
{
    if (!bytes)
        return;
    size_t chunk = bytes < poison_chunk ? bytes : poison_chunk;
    unsigned char *pattern = static_cast<unsigned char *>(malloc(chunk));
    if (!pattern) {
        fprintf(stderr, "ferry runtime (CUDA): out of host memory poisoning %zu bytes\n", bytes);
        exit(70);
    }
    ferry_poison(pattern, chunk, poison);
    for (size_t at = 0; at < bytes; at += chunk) {
        size_t n = bytes - at < chunk ? bytes - at : chunk;
        /* The last chunk ends the way the whole buffer does (0xAB bytes
         * after the last whole element). */
        if (n < chunk)
            ferry_poison(pattern, n, poison);
        ferry_backend_write(accel, at, pattern, n);
    }
    free(pattern);
}

/* The largest pitch the 2-D and 3-D copies take (cudaDevAttrMaxPitch),
 * asked once. */
static size_t max_pitch(void)
{
    static size_t pitch;
    if (!pitch) {
        int device = 0, value = 0;
        check(cudaGetDevice(&device), "cudaGetDevice");
        check(cudaDeviceGetAttribute(&value, cudaDevAttrMaxPitch, device),
              "cudaDeviceGetAttribute (cudaDevAttrMaxPitch)");
        pitch = value > 0 ? (size_t)value : 1;
    }
    return pitch;
}

/* The geometry of a 2-D/3-D box: width in bytes, rows, slices, and per side
 * the pitches and the byte where the box starts. 0 when the box does not
 * fit what cudaMemcpy2D/3D take. */
struct rect {
    size_t width, rows, slices;
    size_t accel_start, accel_row, accel_slice;
    size_t host_start, host_row, host_slice;
};

static size_t start_bytes(size_t elem_size, int ndims, const long *stride, const long *offsets)
{
    size_t at = 0;
    for (int k = 0; k < ndims; k++)
        at += (size_t)offsets[k] * stride[k];
    return at * elem_size;
}

static int make_rect(rect *r, size_t elem_size, int ndims, const long *accel_stride,
                     const long *accel_offsets, const long *host_stride,
                     const long *host_offsets, const long *counts)
{
    if (ndims != 2 && ndims != 3)
        return 0;
    int n = ndims;
    r->width = (size_t)counts[n - 1] * elem_size;
    r->rows = (size_t)counts[n - 2];
    r->slices = n == 3 ? (size_t)counts[0] : 1;
    r->accel_row = (size_t)accel_stride[n - 2] * elem_size;
    r->host_row = (size_t)host_stride[n - 2] * elem_size;
    r->accel_slice = n == 3 ? (size_t)accel_stride[0] * elem_size : r->rows * r->accel_row;
    r->host_slice = n == 3 ? (size_t)host_stride[0] * elem_size : r->rows * r->host_row;
    if (r->accel_row < r->width || r->host_row < r->width)
        return 0;
    /* A 3-D copy sees a slice as a whole number of rows. */
    if (r->accel_slice < r->rows * r->accel_row || r->host_slice < r->rows * r->host_row ||
        r->accel_slice % r->accel_row || r->host_slice % r->host_row)
        return 0;
    if (r->accel_row > max_pitch() || r->host_row > max_pitch())
        return 0;
    r->accel_start = start_bytes(elem_size, n, accel_stride, accel_offsets);
    r->host_start = start_bytes(elem_size, n, host_stride, host_offsets);
    return 1;
}

/* One box from `src` to `dst` (each already at the box's start). */
static void copy_rect(const rect *r, void *dst, size_t dst_row, size_t dst_slice,
                      const void *src, size_t src_row, size_t src_slice, cudaMemcpyKind kind)
{
    if (r->slices == 1) {
        check(cudaMemcpy2D(dst, dst_row, src, src_row, r->width, r->rows, kind),
              "cudaMemcpy2D of %zu x %zu bytes", r->width, r->rows);
        return;
    }
    cudaMemcpy3DParms p = {};
    /* Linear memory: the pitched pointers give the row pitch and the rows
     * per slice; the extent's width is in bytes. */
    p.srcPtr = make_cudaPitchedPtr(const_cast<void *>(src), src_row, src_row, src_slice / src_row);
    p.dstPtr = make_cudaPitchedPtr(dst, dst_row, dst_row, dst_slice / dst_row);
    p.extent = make_cudaExtent(r->width, r->rows, r->slices);
    p.kind = kind;
    check(cudaMemcpy3D(&p), "cudaMemcpy3D of %zu x %zu x %zu bytes", r->width, r->rows,
          r->slices);
}

extern "C" int ferry_backend_write_rect(void *accel, const void *host, size_t elem_size,
                                        int ndims, const long *accel_stride,
                                        const long *accel_offsets, const long *host_stride,
                                        const long *host_offsets, const long *counts)
{
    rect r;
    if (!make_rect(&r, elem_size, ndims, accel_stride, accel_offsets, host_stride, host_offsets,
                   counts))
        return 0;
    copy_rect(&r, static_cast<unsigned char *>(accel) + r.accel_start, r.accel_row, r.accel_slice,
              static_cast<const unsigned char *>(host) + r.host_start, r.host_row, r.host_slice,
              cudaMemcpyHostToDevice);
    return 1;
}

extern "C" int ferry_backend_read_rect(void *host, const void *accel, size_t elem_size, int ndims,
                                       const long *host_stride, const long *host_offsets,
                                       const long *accel_stride, const long *accel_offsets,
                                       const long *counts)
{
    rect r;
    if (!make_rect(&r, elem_size, ndims, accel_stride, accel_offsets, host_stride, host_offsets,
                   counts))
        return 0;
    copy_rect(&r, static_cast<unsigned char *>(host) + r.host_start, r.host_row, r.host_slice,
              static_cast<const unsigned char *>(accel) + r.accel_start, r.accel_row,
              r.accel_slice, cudaMemcpyDeviceToHost);
    return 1;
}
