/* cholesky: A = L*L^T in place, L in the lower triangle of A, for a
 * symmetric positive definite A. The square root is a small Newton
 * iteration called from the kernel, so that the file needs no libm. */
#include <stdio.h>
#include <stdlib.h>

static double root(double x)
{
    if (x <= 0.0)
        return 0.0;
    double r = x > 1.0 ? x : 1.0;
    for (int it = 0; it < 60; it++)
        r = 0.5 * (r + x / r);
    return r;
}

static void cholesky(int n, double A[n][n])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[j][k];
            A[i][j] /= A[j][j];
        }
        for (int k = 0; k < i; k++)
            A[i][i] -= A[i][k] * A[i][k];
        A[i][i] = root(A[i][i]);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    if (!A)
        return 1;
    /* Symmetric and strictly diagonally dominant with a positive diagonal,
     * hence positive definite. */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? n + 1.0 : 1.0 / (i + j + 2);
    cholesky(n, A);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            sum += A[i][j] * ((i + j) % 5 + 1);
    printf("cholesky %d: %.6f\n", n, sum);
    free(A);
    return 0;
}
