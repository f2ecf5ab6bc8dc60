// ferry-test: isolate --label kernel
// ferry-test: run 4 3 => to=600 from=384 hull=3
// ferry-test: run 60 200 => to=2928000 from=2928000 exact=3660 hull=0
// ferry-test: plan exact
// ferry-test: run 4 3 => to=240 from=240 exact=20 hull=0
// ferry-test: plan rows
// ferry-test: run 4 3 => to=648 from=384 rows=3
// ferry-test: plan hull
// ferry-test: run 4 3 => to=600 from=384 hull=3
// A 3-D prism, a triangle of rows times whole lines: c[i][j][k] from
// a[i][j][k] for j <= i < n, k < p, written exactly (n x n x p doubles; n
// and p read only, passed by value, 0 bytes). T = n(n+1)/2 lines of p.
// - hull: a's box n*n*p; c's store box n*n*p and, loaded first, the box of
//   the strict upper lines (i < j), (n-1)*(n-1)*p.
//   4 3: to 8*48+8*27 = 600, from 384.
// - exact: the runs are the lines (the loop nest scans i and j <= i): a's
//   T runs of p, c's T stored, nothing loaded for c. 4 3: to 8*30 = 240,
//   from 240, 20 copies. 60 200: to 8*1830*200 = 2928000, from 2928000,
//   3660 copies.
// - rows: a's and c's store spans are the whole n*n*p; c's load span from
//   (0,1,0) to (n-2,n-1,p-1): 4 3: ((2*4+3)*3+2) - 3 + 1 = 33.
//   to 384+264 = 648, from 384.
// - auto (host model), per array: 4 3, the hull (10 runs cost 0.5 us
//   against 0.05+0.04); 60 200, the runs (a: 1830 calls 91.5+292.8 us
//   against 0.05+576).
#include <stdio.h>
#include <stdlib.h>

static void prism(int n, int p, double a[n][n][p], double c[n][n][p])
{
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            for (int k = 0; k < p; k++)
                c[i][j][k] = 2 * a[i][j][k] - k;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    int p = argc > 2 ? atoi(argv[2]) : 3;
    double (*a)[n][p] = malloc(sizeof(double[n][n][p]));
    double (*c)[n][p] = malloc(sizeof(double[n][n][p]));
    if (!a || !c)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < p; k++) {
                a[i][j][k] = (i * 7 + j * 3 + k) % 11;
                c[i][j][k] = -1 - k;
            }
    prism(n, p, a, c);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < p; k++)
                s += c[i][j][k] * ((i + 2 * j + 3 * k) % 5 + 1);
    printf("%.1f\n", s);
    free(a);
    free(c);
    return 0;
}
