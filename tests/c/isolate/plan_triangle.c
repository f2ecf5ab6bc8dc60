// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=1448 from=800 hull=3
// ferry-test: run 300 => to=361200 from=361200 exact=600 hull=0
// ferry-test: run 1 => to=8 from=8
// ferry-test: plan hull
// ferry-test: run 10 => to=1448 from=800 hull=3
// ferry-test: run 300 => to=1435208 from=720000 hull=3
// ferry-test: plan exact
// ferry-test: run 10 => to=440 from=440 exact=20 hull=0
// ferry-test: run 1 => to=8 from=8 exact=2
// ferry-test: plan rows
// ferry-test: run 10 => to=1512 from=800 rows=3 hull=0
// ferry-test: plan rects
// ferry-test: run 10 => to=1448 from=800 hull=3 rects=0
// ferry-test: plan auto --transfer-cost gpu
// ferry-test: run 300 => to=1435208 from=720000 hull=3 exact=0
// A lower triangle, read from a and written exactly to b (n x n doubles);
// n is read only, passed by value (0 bytes). With T = n(n+1)/2:
// - hull: a's box n^2; b's store box n^2, and the strict upper triangle
//   the box writes back without the statement writing it, loaded first:
//   its box [0,n-2]x[1,n-1], (n-1)^2. to 8n^2+8(n-1)^2, from 8n^2, three
//   copies. n=10: 800+648 = 1448, 800. n=300: 720000+715208, 720000.
// - exact: one run per row: a's T elements in n copies, b's T in n; b
//   loads nothing (the runs are surely written). to 8T, from 8T, 2n
//   copies. n=10: 440, 440, 20. n=1: 8, 8, 2.
// - rows: a's span (0,0)..(n-1,n-1) is n^2; b's store span n^2; its load,
//   the strict upper triangle's span (0,1)..(n-2,n-1), n^2-n-1.
//   n=10: to 800+8*89 = 1512, from 800.
// - rects: a triangle is no union of a few rectangles: the hull.
// - auto, host model (0.05 us per call, 10 GB/s): per array, n=10 the
//   hull (a: 0.05+0.08 us against 10 calls 0.5+0.044); n=300 the exact runs
//   (a: 0.05+72 us against 15+36.1; b: 0.10+143.6 against 15+36.1).
// - auto, GPU model (10 us per call, 20 GB/s): 300 calls cost 3 ms, the
//   hull wins: the hull's counts.
#include <stdio.h>
#include <stdlib.h>

static void lower(int n, double a[n][n], double b[n][n])
{
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            b[i][j] = 2 * a[i][j] + i - j;
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
            a[i][j] = (i * 13 + j * 7) % 17;
            b[i][j] = -1 - i;
        }
    lower(n, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += b[i][j] * ((i + 2 * j) % 5 + 1);
    printf("%.1f\n", s);
    free(a);
    free(b);
    return 0;
}
