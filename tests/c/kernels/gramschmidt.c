/* gramschmidt: QR decomposition of an m x n matrix (m >= n) by modified
 * Gram-Schmidt: A is overwritten, Q is m x n, R is n x n upper triangular.
 * The square root is a small Newton iteration (no libm needed). */
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

static void gramschmidt(int m, int n, double A[m][n], double R[n][n], double Q[m][n])
{
    for (int k = 0; k < n; k++) {
        double nrm = 0.0;
        for (int i = 0; i < m; i++)
            nrm += A[i][k] * A[i][k];
        R[k][k] = root(nrm);
        for (int i = 0; i < m; i++)
            Q[i][k] = A[i][k] / R[k][k];
        for (int j = k + 1; j < n; j++) {
            R[k][j] = 0.0;
            for (int i = 0; i < m; i++)
                R[k][j] += Q[i][k] * A[i][j];
            for (int i = 0; i < m; i++)
                A[i][j] = A[i][j] - Q[i][k] * R[k][j];
        }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n + 4;
    double (*A)[n] = malloc(sizeof(double[m][n]));
    double (*R)[n] = malloc(sizeof(double[n][n]));
    double (*Q)[n] = malloc(sizeof(double[m][n]));
    if (!A || !R || !Q)
        return 1;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = (double)((i + 1) * (j + 2) % 7 + 1) + (i == j ? 10.0 : 0.0);
            Q[i][j] = 0.0;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            R[i][j] = 0.0;
    gramschmidt(m, n, A, R, Q);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += R[i][j] * ((i + j) % 3 + 1);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            sum += Q[i][j] * ((i * j) % 5 + 1);
    printf("gramschmidt %d: %.6f\n", n, sum);
    free(A);
    free(R);
    free(Q);
    return 0;
}
