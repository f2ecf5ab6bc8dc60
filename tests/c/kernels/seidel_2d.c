/* seidel-2d: Gauss-Seidel nine-point smoothing in place on the interior of
 * an n x n grid: each point already sees the new values above and to its
 * left. */
#include <stdio.h>
#include <stdlib.h>

static void seidel_2d(int tsteps, int n, double A[n][n])
{
    for (int t = 0; t < tsteps; t++)
    step:
        for (int i = 1; i <= n - 2; i++)
            for (int j = 1; j <= n - 2; j++)
                A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                           + A[i][j - 1] + A[i][j] + A[i][j + 1]
                           + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 10;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    if (!A)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = ((double)i * (j + 2) + 2) / n;
    seidel_2d(tsteps, n, A);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += A[i][j] * ((i * 5 + j) % 7 + 1);
    printf("seidel-2d %d: %.6f\n", n, sum);
    free(A);
    return 0;
}
