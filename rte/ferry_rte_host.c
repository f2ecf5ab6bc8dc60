/* ferry's runtime backend for the host simulation (ferry_rte_backend.h):
 * a buffer is malloc'ed host memory, kept apart from the program's arrays
 * so that only the runtime's copies move data into and out of it. */
#include "ferry_rte_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *ferry_backend_alloc(size_t bytes)
{
    /* malloc(0) may return NULL or a shared pointer: one byte keeps every
     * buffer distinct. */
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "ferry runtime: cannot allocate %zu bytes on the accelerator\n", bytes);
        exit(70);
    }
    return p;
}

void ferry_backend_free(void *accel) { free(accel); }

/* Nothing runs apart from the host. */
void ferry_backend_wait(void) {}

void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison)
{
    /* The buffer is host memory: poison it in place. */
    ferry_poison(accel, bytes, poison);
}

void ferry_backend_write(void *accel, size_t accel_offset, const void *host, size_t bytes)
{
    memcpy((unsigned char *)accel + accel_offset, host, bytes);
}

void ferry_backend_read(void *host, const void *accel, size_t accel_offset, size_t bytes)
{
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
