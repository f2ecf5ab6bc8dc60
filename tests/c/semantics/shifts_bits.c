/* Shifts and bitwise operators, on negative values too. */
#include <stdio.h>

int main(void) {
    int acc = 0;
    for (int x = -8; x <= 8; x += 3) {
        int half = x >> 1;
        int low = x & 7;
        int odd = x | 1;
        int flip = ~x;
        int zero = x ^ x;
        int dbl = (x + 8) << 1;
        int neg = -x;
        acc += half + low + odd + flip + zero + dbl + neg;
        printf("%d: %d %d %d %d %d %d\n", x, half, low, odd, flip, dbl, neg);
    }
    unsigned u = 0x80000000u;
    u >>= 4;
    unsigned v = 1u << 31;
    printf("%d %u %u\n", acc, u, v);
    return 0;
}
