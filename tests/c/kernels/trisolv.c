/* trisolv: forward substitution, L x = b with L lower triangular (the
 * upper triangle is not read). */
#include <stdio.h>
#include <stdlib.h>

static void trisolv(int n, double L[n][n], double x[n], double b[n])
{
    for (int i = 0; i < n; i++) {
        x[i] = b[i];
        for (int j = 0; j < i; j++)
            x[i] -= L[i][j] * x[j];
        x[i] = x[i] / L[i][i];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double (*L)[n] = malloc(sizeof(double[n][n]));
    double *x = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!L || !x || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        b[i] = (double)i + 1.0;
        x[i] = -1.0;
        for (int j = 0; j < n; j++)
            L[i][j] = j <= i ? (double)(i + n - j + 1) * 2.0 / n : 1e9;
    }
    trisolv(n, L, x, b);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i] * (i % 4 + 1);
    printf("trisolv %d: %.6f\n", n, sum);
    free(L);
    free(x);
    free(b);
    return 0;
}
