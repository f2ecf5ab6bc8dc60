// ferry-test: isolate --label kernel
// ferry-test: run 4 => to=472 from=256
// ferry-test: run 1 => to=88 from=64
// ferry-test: run 0 => to=0 from=0
// Pointers written as sums and differences of an array and several
// offsets (`b + i * 8 + 2`, `a + i * 8 + 2 - 1`, `*(b + i * 8 + 7)`), as
// legacy code steps through rows of a flat array: the same regions and
// copies as with one offset (`b + (i * 8 + 2)`).
// n: read only, passed by value, 0; i local.
// a: scale reads a[8i+1 .. 8i+4], i < n: exact, hull [1, 8n-4] -> 8(8n-4).
// b: scale writes b[8i+2 .. 8i+5] and the loop b[8i+7]; their union over
//    the loop is a may region [0, 8n-1] (ferry's hull of the union starts
//    at 0): stored, 8 * 8n. Loaded where not surely written: b[0], b[1],
//    each b[8i+6] and b[8i+8], b[8i+9], as the box [0, 8n-2], 8(8n-1).
// to = 8(8n-4) + 8(8n-1) = 128n - 40, from = 64n for n >= 1.
// n=4: to 472, from 256; n=1: to 88, from 64; n=0: nothing.
#include <stdio.h>
#include <stdlib.h>

static void scale(double *dst, const double *src, int m)
{
    for (int k = 0; k < m; k++)
        dst[k] = 2 * src[k];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[64], b[64];
    for (int k = 0; k < 64; k++) {
        a[k] = k * 0.25;
        b[k] = -k;
    }
kernel:
    for (int i = 0; i < n; i++) {
        scale(b + i * 8 + 2, a + i * 8 + 2 - 1, 4);
        *(b + i * 8 + 7) = i;
    }
    for (int k = 0; k < 64; k++)
        printf("%.17g\n", b[k]);
    return 0;
}
