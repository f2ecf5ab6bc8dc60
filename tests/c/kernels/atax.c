/* atax: y := A^T * (A * x), with A m x n, through a temporary tmp = A*x. */
#include <stdio.h>
#include <stdlib.h>

static void atax(int m, int n, double A[m][n], double x[n], double y[n], double tmp[m])
{
    for (int j = 0; j < n; j++)
        y[j] = 0.0;
    for (int i = 0; i < m; i++) {
        tmp[i] = 0.0;
        for (int j = 0; j < n; j++)
            tmp[i] += A[i][j] * x[j];
        for (int j = 0; j < n; j++)
            y[j] += A[i][j] * tmp[i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n - 2;
    double (*A)[n] = malloc(sizeof(double[m][n]));
    double *x = malloc(sizeof(double[n]));
    double *y = malloc(sizeof(double[n]));
    double *tmp = malloc(sizeof(double[m]));
    if (!A || !x || !y || !tmp)
        return 1;
    for (int j = 0; j < n; j++)
        x[j] = 1.0 + j / (double)n;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = (double)((i + j) % n) / (5.0 * m);
    atax(m, n, A, x, y, tmp);
    double sum = 0.0;
    for (int j = 0; j < n; j++)
        sum += y[j] * (j % 4 + 1);
    printf("atax %d: %.6f\n", n, sum);
    free(A);
    free(x);
    free(y);
    free(tmp);
    return 0;
}
