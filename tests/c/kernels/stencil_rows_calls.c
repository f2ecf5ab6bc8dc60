/* stencil_rows_calls: the five-point stencil of stencil_calls, one level
 * deeper, as legacy codes layer their drivers: a function computes one
 * row, the sweep calls it for every inner row, and the time loop calls
 * the sweep twice per step (ping-pong between two grids). The sweep is
 * nothing but a loop around the row's calls, so `--function row` moves
 * the row's transfers through the sweep to the time loop. */
#include <stdio.h>
#include <stdlib.h>

static void row(int i, int n, double src[n][n], double dst[n][n])
{
    for (int j = 1; j < n - 1; j++)
        dst[i][j] = 0.2 * (src[i][j] + src[i - 1][j] + src[i + 1][j] + src[i][j - 1] +
                           src[i][j + 1]);
}

static void sweep(int n, double src[n][n], double dst[n][n])
{
    for (int i = 1; i < n - 1; i++)
        row(i, n, src, dst);
}

static void stencil_rows_calls(int tsteps, int n, double A[n][n], double B[n][n])
{
    for (int t = 0; t < tsteps; t++) {
        sweep(n, A, B);
        sweep(n, B, A);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 5;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    double (*B)[n] = malloc(sizeof(double[n][n]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = ((double)(i * j % 7) + 1) / n;
            B[i][j] = ((double)(i + 2 * j) + 2) / n;
        }
    stencil_rows_calls(tsteps, n, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += A[i][j] * (i % 3 + 1) - B[i][j];
    printf("stencil_rows_calls %d: %.6f\n", n, sum);
    free(A);
    free(B);
    return 0;
}
