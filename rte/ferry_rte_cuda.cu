/* ferry's runtime backend for the CUDA runtime API (ferry_rte_backend.h)
 * and the helpers of generated .cu launchers (ferry_rte_cuda.h). Compiled
 * as C++ by nvcc; everything it exports has C linkage, so ferry_rte.c may
 * be compiled by a C compiler. */
#include "ferry_rte_cuda.h"
#include "ferry_rte_backend.h"

#include <cuda_runtime.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

extern "C" cudaStream_t ferry_cuda_stream(void)
{
    static cudaStream_t stream;
    static int created;
    if (!created) {
        check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
        created = 1;
    }
    return stream;
}

/* Launches whose end the host has not waited for: their events, and the
 * name of the last one for messages. */
enum { MAX_PENDING = 256 };
static struct {
    cudaEvent_t start, stop;
} pending[MAX_PENDING];
static int pending_count;
static const char *last_kernel;

/* Waits for the stream, then counts the pending kernels' times. */
static void settle(void)
{
    if (!pending_count)
        return;
    check(cudaStreamSynchronize(ferry_cuda_stream()),
          "waiting for the kernels launched so far (the last: %s)", last_kernel);
    for (int i = 0; i < pending_count; i++) {
        float ms = 0;
        check(cudaEventElapsedTime(&ms, pending[i].start, pending[i].stop),
              "cudaEventElapsedTime");
        ferry_count_kernel_ns((unsigned long long)((double)ms * 1e6));
        check(cudaEventDestroy(pending[i].start), "cudaEventDestroy");
        check(cudaEventDestroy(pending[i].stop), "cudaEventDestroy");
    }
    pending_count = 0;
}

static void settle_at_exit(void) { settle(); }

static cudaEvent_t recorded(void)
{
    cudaEvent_t e;
    check(cudaEventCreate(&e), "cudaEventCreate");
    check(cudaEventRecord(e, ferry_cuda_stream()), "cudaEventRecord");
    return e;
}

/* The kernels loaded so far. CUDA loads a kernel lazily, at its first
 * launch (CUDA_MODULE_LOADING=LAZY, the default on Linux since 12.2), and
 * compiles its PTX there when the binary has no code for the device: a
 * first launch would count that host work, often longer than the kernel,
 * as kernel time. cudaFuncGetAttributes loads the kernel without running
 * it, before its start event is recorded. */
enum { MAX_LOADED = 1024 };
static const void *loaded[MAX_LOADED];
static int loaded_count;

static void load(const void *kernel, const char *name)
{
    for (int i = 0; i < loaded_count; i++)
        if (loaded[i] == kernel)
            return;
    cudaFuncAttributes attributes;
    check(cudaFuncGetAttributes(&attributes, kernel), "loading kernel %s", name);
    /* Past the table's end a kernel is asked again: loaded already, it
     * costs a lookup. */
    if (loaded_count < MAX_LOADED)
        loaded[loaded_count++] = kernel;
}

extern "C" cudaEvent_t ferry_cuda_before_launch(const void *kernel, const char *name)
{
    load(kernel, name);
    if (pending_count == MAX_PENDING)
        settle();
    return recorded();
}

extern "C" void ferry_cuda_launched(const char *name, cudaEvent_t start,
                                    unsigned long long work_items)
{
    check(cudaGetLastError(), "launch of kernel %s", name);
    /* Counted first: the statistics' own exit handler must run after
     * settle_at_exit, so it is registered before it. */
    ferry_count_work(work_items);
    static int registered;
    if (!registered) {
        registered = 1;
        atexit(settle_at_exit);
    }
    pending[pending_count].start = start;
    pending[pending_count].stop = recorded();
    pending_count++;
    last_kernel = name;
}

extern "C" void ferry_backend_wait(void) { settle(); }

/* The largest device allocation so far, in bytes. */
static size_t largest_allocation;

/* A kernel may do its index arithmetic in `int` when every device
 * allocation so far is under 2^31 bytes, so that every subscript of an
 * element inside a buffer, and every partial sum of one, is under 2^31
 * (the buffers a kernel gets are such allocations, or parts of them),
 * and every one of `values` (its extents, first indices, counts and last
 * indices) lies within 2^30 of 0, so that it converts exactly and a sum
 * of two does not overflow. FERRY_CUDA_WIDE=1 in the environment keeps
 * every kernel in `long` (how the tests run both instances). */
extern "C" int ferry_cuda_narrow(const long *values, int count)
{
    static int wide = -1;
    if (wide < 0) {
        const char *setting = getenv("FERRY_CUDA_WIDE");
        wide = setting && *setting && strcmp(setting, "0") != 0;
    }
    const long limit = 1L << 30;
    if (wide || largest_allocation >= (1UL << 31))
        return 0;
    for (int i = 0; i < count; i++)
        if (values[i] > limit || values[i] < -limit)
            return 0;
    return 1;
}

extern "C" void *ferry_backend_alloc(size_t bytes)
{
    if (bytes > largest_allocation)
        largest_allocation = bytes;
    void *p = NULL;
    /* cudaMalloc(0) gives NULL: one byte keeps every handle distinct. */
    check(cudaMalloc(&p, bytes ? bytes : 1), "cudaMalloc of %zu bytes", bytes);
    return p;
}

extern "C" void ferry_backend_free(void *accel)
{
    settle();
    check(cudaFree(accel), "cudaFree");
}

/* Copies are ordered with the kernels on the stream, and blocking: from
 * pageable host memory a copy to the device returns once the host side
 * may be reused, one from the device once it has arrived, which the
 * stream's synchronisation makes sure of. */
extern "C" void ferry_backend_write(void *accel, size_t accel_offset, const void *host,
                                    size_t bytes)
{
    check(cudaMemcpyAsync(static_cast<unsigned char *>(accel) + accel_offset, host, bytes,
                          cudaMemcpyHostToDevice, ferry_cuda_stream()),
          "cudaMemcpyAsync of %zu bytes to the device at byte %zu", bytes, accel_offset);
}

extern "C" void ferry_backend_read(void *host, const void *accel, size_t accel_offset,
                                   size_t bytes)
{
    settle();
    check(cudaMemcpyAsync(host, static_cast<const unsigned char *>(accel) + accel_offset, bytes,
                          cudaMemcpyDeviceToHost, ferry_cuda_stream()),
          "cudaMemcpyAsync of %zu bytes from the device at byte %zu", bytes, accel_offset);
    check(cudaStreamSynchronize(ferry_cuda_stream()),
          "copying %zu bytes from the device at byte %zu", bytes, accel_offset);
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

/* Box `r` of more than one slice, as copy_rect below: cudaMemcpy3DAsync. */
static void copy_slices(const ferry_rect *r, void *dst, const ferry_rect_side *d, const void *src,
                        const ferry_rect_side *s, cudaMemcpyKind kind, cudaStream_t stream)
{
    cudaMemcpy3DParms p = {};
    /* Linear memory: the pitched pointers give the row pitch and the rows
     * per slice; the extent's width is in bytes. */
    p.srcPtr = make_cudaPitchedPtr(const_cast<void *>(src), s->row, s->row, s->slice / s->row);
    p.dstPtr = make_cudaPitchedPtr(dst, d->row, d->row, d->slice / d->row);
    p.extent = make_cudaExtent(r->width, r->rows, r->slices);
    p.kind = kind;
    check(cudaMemcpy3DAsync(&p, stream), "cudaMemcpy3DAsync of %zu x %zu x %zu bytes", r->width,
          r->rows, r->slices);
}

/* Box `r` from `src` to `dst`, whose sides in `r` are `s` and `d`, on the
 * stream: cudaMemcpy2DAsync for one slice, cudaMemcpy3DAsync for more,
 * waited for when to the host. 0 when a row pitch is more than they take. */
static int copy_rect(const ferry_rect *r, void *dst, const ferry_rect_side *d, const void *src,
                     const ferry_rect_side *s, cudaMemcpyKind kind)
{
    if (d->row > max_pitch() || s->row > max_pitch())
        return 0;
    dst = static_cast<unsigned char *>(dst) + d->start;
    src = static_cast<const unsigned char *>(src) + s->start;
    if (kind == cudaMemcpyDeviceToHost)
        settle();
    cudaStream_t stream = ferry_cuda_stream();
    if (r->slices == 1) {
        check(cudaMemcpy2DAsync(dst, d->row, src, s->row, r->width, r->rows, kind, stream),
              "cudaMemcpy2DAsync of %zu x %zu bytes", r->width, r->rows);
    } else {
        copy_slices(r, dst, d, src, s, kind, stream);
    }
    if (kind == cudaMemcpyDeviceToHost)
        check(cudaStreamSynchronize(stream), "copying a box of %zu x %zu x %zu bytes from the device",
              r->width, r->rows, r->slices);
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
