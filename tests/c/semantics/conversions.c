/* Conversions in compound assignments and comparisons of narrow types:
   the operation happens in int (or unsigned), the store wraps. */
#include <stdio.h>

unsigned unsigned_negation(void) {
    unsigned neg = 5;
    neg = -neg;
    unsigned twice = neg + neg;
    return twice;
}

int main(void) {
    unsigned char c = 10;
    c /= -3;
    short s = -5;
    s %= 3u;
    char ch = 200;
    int high = 0;
    if (ch > 100)
        high = 1;
    unsigned x = 3000000000u;
    x *= 2;
    int y = (int)4000000000u;
    unsigned w = 3;
    int laps = 0;
    while (w--)
        laps++;
    unsigned char b = 255;
    b++;
    int cmp = b == 0;
    printf("%d %d %d %d %u %d %u %d %d\n", c, s, ch, high, x, y, w, laps, cmp);
    printf("%u\n", unsigned_negation());
    return 0;
}
