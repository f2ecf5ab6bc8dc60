/* ludcmp: solve A x = b by an in-place LU decomposition of A, then forward
 * substitution (L y = b, unit diagonal) and back substitution (U x = y). */
#include <stdio.h>
#include <stdlib.h>

static void ludcmp(int n, double A[n][n], double b[n], double x[n], double y[n])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            double w = A[i][j];
            for (int k = 0; k < j; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w / A[j][j];
        }
        for (int j = i; j < n; j++) {
            double w = A[i][j];
            for (int k = 0; k < i; k++)
                w -= A[i][k] * A[k][j];
            A[i][j] = w;
        }
    }
    for (int i = 0; i < n; i++) {
        double w = b[i];
        for (int j = 0; j < i; j++)
            w -= A[i][j] * y[j];
        y[i] = w;
    }
    for (int i = n - 1; i >= 0; i--) {
        double w = y[i];
        for (int j = i + 1; j < n; j++)
            w -= A[i][j] * x[j];
        x[i] = w / A[i][i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    double *b = malloc(sizeof(double[n]));
    double *x = malloc(sizeof(double[n]));
    double *y = malloc(sizeof(double[n]));
    if (!A || !b || !x || !y)
        return 1;
    for (int i = 0; i < n; i++) {
        b[i] = (i + 1) / (double)n / 2.0 + 4.0;
        x[i] = y[i] = 0.0;
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? 3.0 * n : (double)((i + 2 * j) % n) / n;
    }
    ludcmp(n, A, b, x, y);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i] * (i % 6 + 1) + y[i];
    printf("ludcmp %d: %.6f\n", n, sum);
    free(A);
    free(b);
    free(x);
    free(y);
    return 0;
}
