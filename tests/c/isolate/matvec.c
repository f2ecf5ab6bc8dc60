// ferry-test: isolate --label kernel
// ferry-test: run 4 5 => to=200 from=32
// ferry-test: run 16 16 => to=2176 from=128
// ferry-test: run 3 0 => to=0 from=24
// 2-D matrix-vector product, double A[16][16]; i, j local to the statement.
// n, m: read only, passed by value, 0.
// A: R [0,n-1]x[0,m-1] -> load 8nm.  x: R [0,m-1] -> load 8m (when n>=1).
// y: W [0,n-1] exact; R [0,n-1] too (y[i] += reads it), but after y[i] = 0.0: IN is empty,
//    not loaded; store 8n.
// n=4,m=5: to 160+40=200, from 32. n=m=16: to 2048+128=2176, from 128.
// n=3,m=0: the inner loop never runs: A, x, y not read; to 0, from 24.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double A[16][16], x[16], y[16];
    for (int i = 0; i < 16; i++) {
        x[i] = 1.0 / (i + 1);
        y[i] = 99.0;
        for (int j = 0; j < 16; j++)
            A[i][j] = i - 0.5 * j;
    }
kernel:
    for (int i = 0; i < n; i++) {
        y[i] = 0.0;
        for (int j = 0; j < m; j++)
            y[i] += A[i][j] * x[j];
    }
    for (int i = 0; i < 16; i++)
        printf("%.17g\n", y[i]);
    return 0;
}
