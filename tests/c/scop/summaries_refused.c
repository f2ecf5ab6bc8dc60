/* Calls whose summaries cannot be placed at the call site, each in a loop
 * that would otherwise be a SCoP: the callee would run past the row it is
 * given (`overrun`), its rows are shorter than the caller's (`short_rows`:
 * its element [i][j] is not the caller's), one array is passed twice
 * (`aliased`: the callee's two arrays would be one), the callee calls
 * itself (`recursive`). `fits` is the same call as `overrun` inside the
 * row, and is a SCoP. */
#include <stdio.h>
#include <stdlib.h>

static void smooth_row(int m, double r[m])
{
    for (int j = 1; j < m - 1; j++)
        r[j] = (r[j - 1] + r[j + 1]) / 2.0;
}

static void sweep(int n, double src[n][n], double dst[n][n])
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            dst[i][j] = 0.5 * (src[i - 1][j] + src[i + 1][j]);
}

static void halve(int n, double a[n])
{
    for (int i = 0; i < n; i++)
        a[i] = a[i] / 2.0;
    if (n > 1)
        halve(n / 2, a);
}

static void fits(int n, double A[n][n])
{
    for (int i = 0; i < n; i++)
        smooth_row(n, A[i]);
}

static void overrun(int n, double A[n][n])
{
    for (int i = 0; i + 1 < n; i++)
        smooth_row(2 * n, A[i]);
}

static void short_rows(int n, double A[n][n], double B[n][n])
{
    for (int t = 0; t < 2; t++)
        sweep(n - 1, A, B);
}

static void aliased(int n, double A[n][n])
{
    for (int t = 0; t < 2; t++)
        sweep(n, A, A);
}

static void recursive(int n, double a[n])
{
    for (int t = 0; t < 2; t++)
        halve(n, a);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 3)
        n = 3;
    double (*A)[n] = calloc(n, sizeof(double[n]));
    double (*B)[n] = calloc(n, sizeof(double[n]));
    if (!A || !B)
        return 1;
    A[1][1] = 1.0;
    fits(n, A);
    overrun(n, A);
    short_rows(n, A, B);
    aliased(n, A);
    recursive(n, B[0]);
    printf("%f %f\n", A[1][2], B[1][1]);
    free(A);
    free(B);
    return 0;
}
