/* ferry's runtime backend for the host simulation (ferry_rte_backend.h):
 * a buffer is malloc'ed host memory, kept apart from the program's arrays
 * so that only the runtime's copies move data into and out of it. */
#include "ferry_rte_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each buffer is preceded by its size, so that a copy reaching past its
 * end stops the program as a device's runtime would (OpenCL's
 * CL_INVALID_VALUE) instead of writing over the host's heap. The header
 * keeps malloc's alignment. */
#define HEADER 16

static size_t size_of(const void *accel)
{
    size_t bytes;
    memcpy(&bytes, (const unsigned char *)accel - HEADER, sizeof bytes);
    return bytes;
}

static void check_within(const void *accel, size_t accel_offset, size_t bytes, const char *what)
{
    size_t size = size_of(accel);
    if (accel_offset > size || bytes > size - accel_offset) {
        fprintf(stderr,
                "ferry runtime: a %s of %zu bytes at byte %zu reaches past the end of a "
                "%zu-byte buffer\n",
                what, bytes, accel_offset, size);
        exit(70);
    }
}

void *ferry_backend_alloc(size_t bytes)
{
    /* malloc(0) may return NULL or a shared pointer: the header keeps
     * every buffer distinct. */
    unsigned char *p = malloc(HEADER + bytes);
    if (!p) {
        fprintf(stderr, "ferry runtime: cannot allocate %zu bytes on the accelerator\n", bytes);
        exit(70);
    }
    memcpy(p, &bytes, sizeof bytes);
    return p + HEADER;
}

void ferry_backend_free(void *accel)
{
    if (accel)
        free((unsigned char *)accel - HEADER);
}

/* Nothing runs apart from the host. */
void ferry_backend_wait(void) {}

void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison)
{
    /* The buffer is host memory: poison it in place. */
    ferry_poison(accel, bytes, poison);
}

void ferry_backend_write(void *accel, size_t accel_offset, const void *host, size_t bytes)
{
    check_within(accel, accel_offset, bytes, "copy to the accelerator");
    memcpy((unsigned char *)accel + accel_offset, host, bytes);
}

void ferry_backend_read(void *host, const void *accel, size_t accel_offset, size_t bytes)
{
    check_within(accel, accel_offset, bytes, "copy back");
    memcpy(host, (const unsigned char *)accel + accel_offset, bytes);
}

/* memcpy has no rectangle form: a run at a time is what a rectangle would
 * cost anyway. */
int ferry_backend_write_rect(void *accel, const void *host, const struct ferry_rect *r)
{
    (void)accel, (void)host, (void)r;
    return 0;
}

int ferry_backend_read_rect(void *host, const void *accel, const struct ferry_rect *r)
{
    (void)host, (void)accel, (void)r;
    return 0;
}
