// cflags: -I tests/c/include
/* A local header found through -I: its types, inline functions and macros
 * are used here, and a macro defined before the include selects part of it. */
#define HELPER_WANT_EXTRA 1
#include "ferry_helper.h"
#include <stdio.h>

static vec3 scale(vec3 v, double k) { return (vec3){v.x * k, v.y * k, v.z * k}; }

int main(void)
{
    vec3 a = {1, 2, 3};
    vec3 b = scale(a, HELPER_SCALE);
    int values[] = {-5, 0, 5, 10, 15};
    int clamped = 0;
    for (int i = 0; i < 5; i++)
        clamped += HELPER_CLAMP(values[i], 0, 10);
    checksum_t h = checksum("ferry", 5);
    printf("%.1f %d %08x %d\n", vec3_dot(a, b), clamped, h, helper_extra());
    return 0;
}
