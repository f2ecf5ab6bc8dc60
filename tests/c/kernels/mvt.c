/* mvt: two matrix-vector products with the same matrix,
 * x1 += A * y1 and x2 += A^T * y2. */
#include <stdio.h>
#include <stdlib.h>

static void mvt(int n, double x1[n], double x2[n], double y1[n], double y2[n], double A[n][n])
{
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            x1[i] = x1[i] + A[i][j] * y1[j];
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            x2[i] = x2[i] + A[j][i] * y2[j];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double *x1 = malloc(sizeof(double[n]));
    double *x2 = malloc(sizeof(double[n]));
    double *y1 = malloc(sizeof(double[n]));
    double *y2 = malloc(sizeof(double[n]));
    double (*A)[n] = malloc(sizeof(double[n][n]));
    if (!x1 || !x2 || !y1 || !y2 || !A)
        return 1;
    for (int i = 0; i < n; i++) {
        x1[i] = (double)(i % n) / n;
        x2[i] = (double)((i + 1) % n) / n;
        y1[i] = (double)((i + 3) % n) / n;
        y2[i] = (double)((i + 4) % n) / n;
        for (int j = 0; j < n; j++)
            A[i][j] = (double)(i * j % n) / n;
    }
    mvt(n, x1, x2, y1, y2, A);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x1[i] * (i % 3 + 1) + x2[i] * (i % 5 + 1);
    printf("mvt %d: %.6f\n", n, sum);
    free(x1);
    free(x2);
    free(y1);
    free(y2);
    free(A);
    return 0;
}
