// ferry-test: isolate --function matmul
// ferry-test: run 2 3 4 => to=144 from=64
// ferry-test: run 4 4 4 => to=256 from=128
// ferry-test: run 1 1 1 => to=16 from=8
// --function on a matrix product with VLA parameters A[n][m], B[m][p], C[n][p] (double).
// n, m, p: read only, passed by value -> 0; i, j, k, s are the body's own.
// A: R [0,n-1]x[0,m-1] -> 8nm.  B: R [0,m-1]x[0,p-1] -> 8mp.  C: W [0,n-1]x[0,p-1] exact -> 8np.
// 2 3 4: to 48+96=144, from 64.  4 4 4: 128+128=256, from 128.  1 1 1: 8+8=16, from 8.
#include <stdio.h>
#include <stdlib.h>

void matmul(int n, int m, int p, double A[n][m], double B[m][p], double C[n][p])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < p; j++) {
            double s = 0.0;
            for (int k = 0; k < m; k++)
                s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]), p = atoi(argv[3]);
    double A[n][m], B[m][p], C[n][p];
    for (int i = 0; i < n; i++)
        for (int k = 0; k < m; k++)
            A[i][k] = i + 0.5 * k;
    for (int k = 0; k < m; k++)
        for (int j = 0; j < p; j++)
            B[k][j] = 1.0 / (1 + k + j);
    matmul(n, m, p, A, B, C);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < p; j++)
            printf("%.17g\n", C[i][j]);
    return 0;
}
