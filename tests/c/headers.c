/* Code that uses the macros and types of many system headers, whose
 * expansions (tgmath's type-generic dispatch, inttypes' format strings,
 * setjmp, errno, iso646 spellings) the printer must reproduce. */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <iso646.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <tgmath.h>

static jmp_buf env;
static volatile sig_atomic_t flag;

static void deep(int n)
{
    if (n < 0)
        return;
    if (n == 0)
        longjmp(env, 42);
    deep(n - 1);
}

int main(void)
{
    int64_t big = INT64_C(1) << 40;
    uint8_t small = UINT8_MAX;
    printf("%" PRId64 " %" PRIu8 " %" PRIx32 "\n", big, small, (uint32_t)0xBEEF);
    float f = 2.0f;
    double d = 2.0;
    printf("%.5f %.5f %.3f %.3f\n", (double)sqrt(f), sqrt(d), pow(d, 10.0), (double)fabs(-f));
    printf("%d %d %d\n", FLT_DIG, DBL_MANT_DIG, INT_MAX == 2147483647);
    int ok = 1 and not 0 or 0;
    int bits = 6 bitand 3 bitor 8 xor 1;
    printf("%d %d\n", ok, bits);
    errno = 0;
    long v = strtol("99999999999999999999999", NULL, 10);
    printf("%d %d\n", errno == ERANGE, v == LONG_MAX);
    int r = setjmp(env);
    if (r == 0)
        deep(5);
    printf("setjmp %d\n", r);
    flag = 1;
    printf("flag %d\n", (int)flag);
    return 0;
}
