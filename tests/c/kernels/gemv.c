/* gemv: y := alpha*A*x + beta*y, with A m x n. */
#include <stdio.h>
#include <stdlib.h>

static void gemv(int m, int n, double alpha, double beta, double A[m][n],
                 double x[n], double y[m])
{
    for (int i = 0; i < m; i++) {
        double acc = 0.0;
        for (int j = 0; j < n; j++)
            acc += A[i][j] * x[j];
        y[i] = alpha * acc + beta * y[i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n + 5;
    double (*A)[n] = malloc(sizeof(double[m][n]));
    double *x = malloc(sizeof(double[n]));
    double *y = malloc(sizeof(double[m]));
    if (!A || !x || !y)
        return 1;
    for (int i = 0; i < m; i++) {
        y[i] = (double)(i % 5) - 2.0;
        for (int j = 0; j < n; j++)
            A[i][j] = (double)((i + 2 * j) % 13) / 13.0;
    }
    for (int j = 0; j < n; j++)
        x[j] = 1.0 / (j + 1);
    gemv(m, n, 2.0, -0.5, A, x, y);
    double sum = 0.0;
    for (int i = 0; i < m; i++)
        sum += y[i] * (i % 3 + 1);
    printf("gemv %d: %.6f\n", n, sum);
    free(A);
    free(x);
    free(y);
    return 0;
}
