/* A helper header for the tests in tests/c: types, inline functions and
 * macros that the including file uses. Found through -I tests/c/include. */
#ifndef FERRY_HELPER_H
#define FERRY_HELPER_H

#include <stddef.h>

#define HELPER_SCALE 3
/* A macro that an includer may #undef to define a function instead. */
#define helper_twice(x) ((x) * 2)
#define HELPER_CLAMP(x, lo, hi) ((x) < (lo) ? (lo) : (x) > (hi) ? (hi) : (x))

typedef struct vec3 {
    double x, y, z;
} vec3;

typedef unsigned int checksum_t;

static inline double vec3_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static inline checksum_t checksum(const void *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    checksum_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

/* The mode is chosen by the includer. */
#if defined(HELPER_MODE) && HELPER_MODE == 2
static inline int helper_mode(void) { return 2; }
#else
static inline int helper_mode(void) { return 1; }
#endif

#ifdef HELPER_WANT_EXTRA
static inline int helper_extra(void) { return 17; }
#endif

#endif
