/* What a backend of ferry's runtime provides (internal: generated code
 * includes ferry_rte.h, never this header).
 *
 * ferry_rte.c does everything that does not depend on the target (the
 * statistics, the decomposition of a box into contiguous runs or a
 * rectangle) and reaches the accelerator only through the ferry_backend_*
 * functions; each target implements them once: ferry_rte_host.c,
 * ferry_rte_opencl.c, ferry_rte_cuda.cu. What the targets would otherwise
 * each repeat is at the end, implemented in ferry_rte.c for them.
 *
 * A buffer is an opaque handle: the common code never dereferences it nor
 * does arithmetic on it (a cl_mem is no pointer at all), so every position
 * in a buffer is passed as a byte offset from its start. Sizes, offsets and
 * pitches are in bytes. Every function either succeeds or prints a message
 * and exits with 70: the common code checks nothing. */
#ifndef FERRY_RTE_BACKEND_H
#define FERRY_RTE_BACKEND_H

#include "ferry_rte.h"

#include <stdarg.h>
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
 * ferry_poison writes into host memory (ferry_poison_through_writes does it
 * for a backend that only has ferry_backend_write). */
void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison);

/* Waits for the device work asked for so far (kernels a backend launches
 * without waiting for them) to end, so that what follows is timed apart
 * from it; the common code calls it before each timed copy. A backend
 * whose launches wait does nothing. */
void ferry_backend_wait(void);

/* Blocking copies of `bytes` (> 0) bytes between host memory and the buffer
 * at byte `accel_offset`: when they return, the host side may be reused or
 * read. */
void ferry_backend_write(void *accel, size_t accel_offset, const void *host, size_t bytes);
void ferry_backend_read(void *host, const void *accel, size_t accel_offset, size_t bytes);

/* A box of 2 or 3 dimensions as one rectangle: `slices` slices of `rows`
 * rows of `width` bytes, where each side's pitches say how far apart its
 * rows and slices are. The common code computes it once for every backend
 * and offers only what a rectangle call can take: width <= row pitch, and
 * a slice pitch that is a whole number of rows, at least `rows` of them (a
 * box that strays outside its arrays may fit neither; it goes run by run).
 * A 2-D box is one slice, whose pitch is rows * row pitch; a 3-D box has
 * more than one (a dimension of count 1 never reaches a backend). */
struct ferry_rect_side {
    size_t start; /* the byte where the box starts */
    size_t row, slice; /* pitches */
};
struct ferry_rect {
    size_t width, rows, slices;
    struct ferry_rect_side accel, host;
};

/* Optional fast path: the box `r` in one call. Return 1 when copied, 0 when
 * not handled (the common code then copies the box run by run), as where a
 * pitch is more than the call takes. */
int ferry_backend_write_rect(void *accel, const void *host, const struct ferry_rect *r);
int ferry_backend_read_rect(void *host, const void *accel, const struct ferry_rect *r);

/* What ferry_rte.c offers the backends. */

#if defined(__GNUC__)
#define FERRY_BACKEND_NORETURN __attribute__((__noreturn__))
#define FERRY_BACKEND_PRINTF(fmt, args) __attribute__((__format__(__printf__, fmt, args)))
#else
#define FERRY_BACKEND_NORETURN
#define FERRY_BACKEND_PRINTF(fmt, args)
#endif

/* Prints "ferry runtime (<api>): <what>: <error> (<code>)", `what` being a
 * printf format, and exits with 70: every backend reports a failed call of
 * its API the same way, only the error's name is its own. With `error`
 * NULL (a failure that is no API call's), the message ends after <what>.
 * The va_list form serves a backend's own printf-like wrapper. */
void ferry_backend_fail(const char *api, const char *error, int code, const char *what, ...)
    FERRY_BACKEND_NORETURN FERRY_BACKEND_PRINTF(4, 5);
void ferry_backend_vfail(const char *api, const char *error, int code, const char *what,
                         va_list ap) FERRY_BACKEND_NORETURN FERRY_BACKEND_PRINTF(4, 0);

/* ferry_backend_poison for a backend that cannot write into its buffers
 * from the host directly: the pattern goes through ferry_backend_write, from
 * a host buffer of at most 1 MiB, so that poisoning a buffer as large as
 * the device's memory does not need as much host memory. `api` names the
 * backend in the message when even that buffer cannot be had. */
void ferry_poison_through_writes(const char *api, void *accel, size_t bytes,
                                 enum ferry_poison poison);

#ifdef __cplusplus
}
#endif

#endif
