/* Functions returning affine functions of their arguments. */
#include <stdio.h>

int next(int n) {
    return n + 1;
}

int twice_plus(int a, int b) {
    int r = 2 * a + b;
    return r;
}

int clamp(int v, int lo, int hi) {
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

int main(void) {
    int x = 0;
    for (int i = 0; i < 8; i++)
        x = next(x);
    int y = twice_plus(x, 3);
    int z = next(next(y));
    printf("%d %d %d\n", x, y, z);
    for (int i = -5; i < 15; i += 4) {
        int c = clamp(i, 0, 10);
        int d = twice_plus(i, -i);
        printf("%d %d %d\n", i, c, d);
    }
    return 0;
}
