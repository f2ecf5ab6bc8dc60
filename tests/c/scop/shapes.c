/* The shapes of static control ferry's polyhedral model reads: a
 * triangle, a step of 2, a loop counting down, an affine `if`, a scalar
 * accumulated (an array of no dimension), and a data-dependent subscript,
 * an access to any element of b (PENCIL's §3.9: a may-read and a
 * may-write); the loops after it run up, then down, each reading what
 * the iteration before wrote. */
#include <stdio.h>
#include <stdlib.h>

static void shapes(int n, double a[n][n], double b[n], int idx[n])
{
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            a[i][j] = a[i][j] + 1.0 / (i + j + 1);
    for (int i = 0; i < n; i += 2)
        b[i] = a[i][i];
    for (int i = n - 1; i >= 1; i--)
        if (i % 2 == 1 && i <= n - 2)
            b[i] = b[i + 1] * 0.5;
    for (int i = 0; i < n; i++)
        s += b[i];
    b[0] = s;
    for (int i = 0; i < n; i++)
        b[idx[i]] += 1.0;
    for (int i = 1; i < n; i++)
        b[i] = b[i - 1] + b[i];
    for (int i = n - 2; i >= 0; i--)
        b[i] = b[i + 1] - b[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 2)
        n = 2;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double *b = malloc(sizeof(double[n]));
    int *idx = malloc(sizeof(int[n]));
    if (!a || !b || !idx)
        return 1;
    for (int i = 0; i < n; i++) {
        b[i] = i;
        idx[i] = (3 * i + 1) % n;
        for (int j = 0; j < n; j++)
            a[i][j] = (i * n + j) % 7;
    }
    shapes(n, a, b, idx);
    double sum = 0;
    for (int i = 0; i < n; i++) {
        sum += b[i];
        for (int j = 0; j < n; j++)
            sum += a[i][j] * (j + 1);
    }
    printf("%.6f\n", sum);
    free(a);
    free(b);
    free(idx);
    return 0;
}
