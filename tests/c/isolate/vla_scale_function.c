// ferry-test: isolate --function scale
// ferry-test: run 3 4 => to=96 from=96
// ferry-test: run 1 1 => to=8 from=8
// ferry-test: run 5 2 => to=80 from=80
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 3 4 => to=192 from=192
// ferry-test: run 1 1 => to=16 from=16
// ferry-test: run 5 2 => to=160 from=160
// --function on a VLA parameter double a[n][m], called twice from main.
// a: R = W = [0,n-1]x[0,m-1] exact.
// Body isolation (each call moves its data): n, m (int) and s (double)
// read only, passed by value, 0; i, j are the body's own; a loaded 8nm,
// stored 8nm. Per call to = 8nm, from = 8nm; two calls double it.
// 3 4: to 2*96=192, from 192. 1 1: to 2*8=16, from 16. 5 2: to 2*80=160, from 160.
// Optimised, the transfers move to the two call sites (main calls scale
// twice), which share a's buffer: a is loaded before the first and stored
// after the second; each call passes n and m by value (s is a constant there):
// to = 8nm, from = 8nm. 3 4: 96, 96. 1 1: 8, 8. 5 2: 80, 80.
#include <stdio.h>
#include <stdlib.h>

void scale(int n, int m, double a[n][m], double s)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = a[i][j] * s + j;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double a[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i - j * 0.5;
    scale(n, m, a, 1.5);
    scale(n, m, a, -0.25);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            printf("%.17g\n", a[i][j]);
    return 0;
}
