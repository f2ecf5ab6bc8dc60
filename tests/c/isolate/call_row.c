// ferry-test: isolate --label kernel
// ferry-test: run 6 8 => to=384 from=384
// ferry-test: run 2 3 => to=48 from=48
// ferry-test: run 3 0 => to=0 from=0
// Rows passed to a callee, scale_row(m, a[i], f): double a[6][8]; the callee scales row[0..m-1].
// n, m: read only, passed by value -> 0; i local.
// a: R = W = [0,n-1]x[0,m-1] exact -> load 8nm, store 8nm.
// to = 8nm, from = 8nm.  6 8: 384 / 384; 2 3: 48 / 48; 3 0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

static void scale_row(int m, double *row, double f)
{
    for (int j = 0; j < m; j++)
        row[j] *= f;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double a[6][8];
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 8; j++)
            a[i][j] = i + j / 8.0;
kernel:
    for (int i = 0; i < n; i++)
        scale_row(m, a[i], i + 1.5);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 8; j++)
            printf("%.17g\n", a[i][j]);
    return 0;
}
