/* Compound assignments: += -= *= by constants, <<= and >>=. */
#include <stdio.h>

int main(void) {
    int a = 1, b = 100, c = 3, d = 1;
    for (int i = 0; i < 6; i++) {
        a += 4;
        b -= 7;
        c *= 2;
        d <<= 1;
    }
    printf("%d %d %d %d\n", a, b, c, d);
    int e = 1000;
    e >>= 3;
    int f = 7;
    f *= -3;
    f += e;
    int g = 5;
    g -= g;
    printf("%d %d %d\n", e, f, g);
    long w = 1;
    for (int k = 0; k < 40; k++)
        w *= 2;
    printf("%ld\n", w);
    return 0;
}
