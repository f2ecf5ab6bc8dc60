/* ferry's runtime backend for the CUDA runtime API (ferry_rte_backend.h)
 * and the helpers of generated .cu launchers (ferry_rte_cuda.h). Compiled
 * as C++ by nvcc; everything it exports has C linkage, so ferry_rte.c may
 * be compiled by a C compiler. */
#include "ferry_rte_cuda.h"
#include "ferry_rte_backend.h"

#include <cuda_runtime.h>

#include <stdarg.h>

/* Checks the result of an API call; `what` (a printf format) says what
 * failed and is formatted only then. */
FERRY_BACKEND_PRINTF(2, 3) static void check(cudaError_t e, const char *what, ...)
{
    if (e == cudaSuccess)
        return;
    va_list ap;
    va_start(ap, what); /* no va_end: ferry_backend_vfail never returns */
    ferry_backend_vfail("CUDA", cudaGetErrorString(e), (int)e, what, ap);
}

extern "C" void ferry_cuda_check(cudaError_t e, const char *what)
{
    check(e, "%s", what);
}

extern "C" void ferry_cuda_launched(const char *name, double start,
                                    unsigned long long work_items)
{
    check(cudaGetLastError(), "launch of kernel %s", name);
    check(cudaDeviceSynchronize(), "kernel %s", name);
    ferry_count_launch(start, work_items);
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

extern "C" void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison)
{
    ferry_poison_through_writes("CUDA", accel, bytes, poison);
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

/* Box `r` from `src` to `dst`, whose sides in `r` are `s` and `d`:
 * cudaMemcpy2D for one slice, cudaMemcpy3D for more. 0 when a row pitch is
 * more than they take. */
static int copy_rect(const ferry_rect *r, void *dst, const ferry_rect_side *d, const void *src,
                     const ferry_rect_side *s, cudaMemcpyKind kind)
{
    if (d->row > max_pitch() || s->row > max_pitch())
        return 0;
    dst = static_cast<unsigned char *>(dst) + d->start;
    src = static_cast<const unsigned char *>(src) + s->start;
    if (r->slices == 1) {
        check(cudaMemcpy2D(dst, d->row, src, s->row, r->width, r->rows, kind),
              "cudaMemcpy2D of %zu x %zu bytes", r->width, r->rows);
        return 1;
    }
    cudaMemcpy3DParms p = {};
    /* Linear memory: the pitched pointers give the row pitch and the rows
     * per slice; the extent's width is in bytes. */
    p.srcPtr = make_cudaPitchedPtr(const_cast<void *>(src), s->row, s->row, s->slice / s->row);
    p.dstPtr = make_cudaPitchedPtr(dst, d->row, d->row, d->slice / d->row);
    p.extent = make_cudaExtent(r->width, r->rows, r->slices);
    p.kind = kind;
    check(cudaMemcpy3D(&p), "cudaMemcpy3D of %zu x %zu x %zu bytes", r->width, r->rows,
          r->slices);
    return 1;
}

extern "C" int ferry_backend_write_rect(void *accel, const void *host, const ferry_rect *r)
{
    return copy_rect(r, accel, &r->accel, host, &r->host, cudaMemcpyHostToDevice);
}

extern "C" int ferry_backend_read_rect(void *host, const void *accel, const ferry_rect *r)
{
    return copy_rect(r, host, &r->host, accel, &r->accel, cudaMemcpyDeviceToHost);
}
