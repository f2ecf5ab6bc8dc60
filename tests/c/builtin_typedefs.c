/* Type names that GCC predefines without any header: __int128_t,
 * __uint128_t and __builtin_va_list. */
#include <stdio.h>

static __uint128_t square(__uint128_t x) { return x * x; }

static int count_args(int n, ...)
{
    __builtin_va_list ap;
    __builtin_va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += __builtin_va_arg(ap, int);
    __builtin_va_end(ap);
    return s;
}

int main(void)
{
    __int128_t a = -5;
    __uint128_t b = square((__uint128_t)1 << 40);
    printf("%d %llx %llx %d\n", (int)a, (unsigned long long)(b >> 64), (unsigned long long)b,
           count_args(3, 1, 2, 3));
    return 0;
}
