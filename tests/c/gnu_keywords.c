/* Alternate GNU keyword spellings and GNU operators: __restrict, __inline,
 * __typeof__, typeof, __const, __volatile__, __signed__, __auto_type,
 * __builtin_types_compatible_p, __builtin_choose_expr, __builtin_expect, `?:`. */
#include <stdio.h>

static int dollar$sign = 3; /* GCC accepts `$` in identifiers */

static __inline int add(int a, int b) { return a + b; }
static __inline__ int sub(int a, int b) { return a - b; }

static void copy(int n, int *__restrict dst, const int *__restrict__ src)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

#define max(a, b) ({ __typeof__(a) a_ = (a); __typeof__(b) b_ = (b); a_ > b_ ? a_ : b_; })

int main(void)
{
    int src[4] = {1, 2, 3, 4}, dst[4];
    copy(4, dst, src);
    __typeof__(dst[0]) first = dst[0];
    typeof(int *) p = &dst[3];
    __typeof(double) d = 1.5;
    __const int c = 7;
    __volatile__ int vol = 8;
    __signed__ char sc = -3;
    __signed short ss = -4;
    __auto_type inferred = 2.5f;
    int zero = 0;
    int elvis = zero ?: 42;
    int elvis2 = c ?: 42;
    int tc = __builtin_types_compatible_p(__typeof__(inferred), float);
    int tc2 = __builtin_types_compatible_p(int, long);
    int choose = __builtin_choose_expr(sizeof(int) == 4, 100, 200);
    if (__builtin_expect(first == 1, 1))
        first += 10;
    printf("%d %d %.1f %d %d %d %d %.1f\n", first, *p, d, c, vol, sc, ss, inferred);
    printf("%d %d %d %d %d %d %d %d\n", elvis, elvis2, tc, tc2, choose, add(1, 2), sub(5, 3), max(3, 9));
    printf("%zu %d %d\n", sizeof(__typeof__(sc)), max(-1.5, -2.5) < 0, dollar$sign);
    return 0;
}
