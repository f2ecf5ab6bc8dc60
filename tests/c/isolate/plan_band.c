// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=1568 from=800 hull=1 rows=2
// ferry-test: run 200 => to=4784 from=4784 exact=400 hull=0
// ferry-test: plan hull
// ferry-test: run 10 => to=1600 from=800 hull=3
// ferry-test: plan exact
// ferry-test: run 10 => to=224 from=224 exact=20 hull=0
// ferry-test: run 2 => to=32 from=32 exact=4
// ferry-test: plan rows
// ferry-test: run 10 => to=1568 from=800 rows=3
// ferry-test: plan rects
// ferry-test: run 10 => to=1600 from=800 hull=3 rects=0
// A tridiagonal band: b[i][j] = f(a[i][j]) for |i - j| <= 1, written
// exactly; n read only, passed by value (0 bytes). The band has 3n-2 elements (n >= 2).
// - hull: a's box n^2; b's store box n^2 and, loaded first, what it writes
//   back without the statement writing it: the two triangles beyond the
//   band, whose box is n^2 again (n >= 3). to 16n^2, from 8n^2.
//   n=10: 1600, 800.
// - exact: one run per row (2 elements in the first and last rows, 3
//   between): a's 3n-2 elements, b's 3n-2 stored, nothing loaded for b.
//   to 8(3n-2), from 8(3n-2), 2n copies. n=10: 224, 224, 20;
//   n=2: 32, 32, 4. n=200: 8*598 = 4784, 4784.
// - rows: a's and b's store spans are n^2; b's load span runs from (0,2)
//   to (n-1,n-3): n^2-4. n=10: to 800+768 = 1568, from 800.
// - rects: n rows of a band are no few rectangles: the hull.
// - auto (host model: 0.05 us per call, 10 GB/s), per array. n=10: a
//   keeps the hull (0.05+0.08 us; its span is the hull, the runs take 10
//   calls); b takes the rows (0.10+0.1568 against the hull's 0.10+0.16):
//   to 800+768 = 1568, from 800, 1 hull and 2 rows copies. n=200: the
//   runs for both (a: 200 calls 10+0.48 us against 0.05+32; b: 10+0.48
//   against 0.10+64): to 4784, from 4784, 400 copies.
#include <stdio.h>
#include <stdlib.h>

static void band(int n, double a[n][n], double b[n][n])
{
kernel:
    for (int i = 0; i < n; i++)
        for (int d = -1; d <= 1; d++)
            if (i + d >= 0 && i + d < n)
                b[i][i + d] = a[i][i + d] * 3 - d;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double (*b)[n] = malloc(sizeof(double[n][n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (i * 11 + j * 5) % 13;
            b[i][j] = 7 - j;
        }
    band(n, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += b[i][j] * ((i + 3 * j) % 7 + 1);
    printf("%.1f\n", s);
    free(a);
    free(b);
    return 0;
}
