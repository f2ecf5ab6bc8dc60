/* trmm: B := alpha * A^T * B, where A is m x m unit lower triangular (its
 * diagonal and upper triangle are not read) and B is m x n. Row i of the
 * result needs rows i+1.. of B, which are still the old ones. */
#include <stdio.h>
#include <stdlib.h>

static void trmm(int m, int n, double alpha, double A[m][m], double B[m][n])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            for (int k = i + 1; k < m; k++)
                B[i][j] += A[k][i] * B[k][j];
            B[i][j] = alpha * B[i][j];
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n - 1;
    double (*A)[m] = malloc(sizeof(double[m][m]));
    double (*B)[n] = malloc(sizeof(double[m][n]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < m; i++) {
        for (int k = 0; k < m; k++)
            A[i][k] = k < i ? (double)((i + k) % m) / m : (k == i ? 1.0 : -99.0);
        for (int j = 0; j < n; j++)
            B[i][j] = (double)((n + i - j) % n) / n;
    }
    trmm(m, n, 1.5, A, B);
    double sum = 0.0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            sum += B[i][j] * ((i + j) % 4 + 1);
    printf("trmm %d: %.6f\n", n, sum);
    free(A);
    free(B);
    return 0;
}
