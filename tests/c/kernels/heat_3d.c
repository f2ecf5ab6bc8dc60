/* heat-3d: explicit finite differences for the heat equation on the
 * interior of an n x n x n grid, second differences along each axis. */
#include <stdio.h>
#include <stdlib.h>

static void heat_3d(int tsteps, int n, double A[n][n][n], double B[n][n][n])
{
    for (int t = 0; t < tsteps; t++)
    step: {
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++)
                    B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                                 + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                                 + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1])
                                 + A[i][j][k];
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++)
                    A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                                 + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                                 + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1])
                                 + B[i][j][k];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 5;
    double (*A)[n][n] = malloc(sizeof(double[n][n][n]));
    double (*B)[n][n] = malloc(sizeof(double[n][n][n]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                A[i][j][k] = B[i][j][k] = (double)((i * j + k) % n) / n;
    heat_3d(tsteps, n, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                sum += A[i][j][k] * ((i + j + k) % 3 + 1);
    printf("heat-3d %d: %.6f\n", n, sum);
    free(A);
    free(B);
    return 0;
}
