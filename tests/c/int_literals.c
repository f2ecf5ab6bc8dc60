/* Integer constants: every suffix spelling, octal, hex, binary, and the
 * types that the rules give unsuffixed constants. */
#include <stdio.h>

#define T(x) _Generic((x), int: "i", unsigned: "u", long: "l", unsigned long: "ul", \
                      long long: "ll", unsigned long long: "ull", default: "?")

int main(void)
{
    printf("%s %s %s %s %s %s\n", T(10), T(10u), T(10U), T(10l), T(10L), T(10ul));
    printf("%s %s %s %s %s %s\n", T(10UL), T(10lu), T(10LU), T(10ll), T(10LL), T(10ull));
    printf("%s %s %s %s %s %s\n", T(10ULL), T(10llu), T(10LLU), T(10uLL), T(10Ull), T(0x1fULL));
    printf("%s %s %s %s\n", T(2147483647), T(2147483648), T(0x80000000), T(0xffffffffffffffff));
    printf("%d %d %d %d %d\n", 017, 0x1f, 0X1F, 0b101, 0B1111);
    printf("%llu %lld %u %lu\n", 18446744073709551615ULL, 9223372036854775807LL, 4294967295U, 0777UL);
    printf("%d %d %d %lu\n", 0, 00, 0x0, 0b0ul);
    long long big = 1LL << 40;
    unsigned mask = ~0u >> 4;
    printf("%lld %x %d\n", big, mask, -2147483647 - 1);
    return 0;
}
