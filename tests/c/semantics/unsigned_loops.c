/* Loops over unsigned counters, down to zero and across the wrap. */
#include <stdio.h>

unsigned sum_down(unsigned n) {
    unsigned s = 0;
    for (unsigned i = n; i-- > 0;)
        s += i;
    return s;
}

int main(void) {
    for (unsigned n = 0; n < 6; n++)
        printf("%u %u\n", n, sum_down(n));
    unsigned char c = 0;
    int laps = 0;
    for (c = 200; c != 10; c += 3)
        laps++;
    printf("%d %d\n", laps, c);
    unsigned u = 3;
    while (u < 3000000000u)
        u -= 1000000000u;
    printf("%u\n", u);
    size_t len = 12;
    size_t k = 0;
    while (k < len)
        k += 5;
    printf("%zu\n", k);
    return 0;
}
