/* jacobi-3d: seven-point averaging on the interior of an n x n x n grid,
 * tsteps times, ping-ponging between two grids. */
#include <stdio.h>
#include <stdlib.h>

static void jacobi_3d(int tsteps, int n, double A[n][n][n], double B[n][n][n])
{
    for (int t = 0; t < tsteps; t++)
    step: {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++)
                    B[i][j][k] = (A[i][j][k] + A[i - 1][j][k] + A[i + 1][j][k]
                                  + A[i][j - 1][k] + A[i][j + 1][k]
                                  + A[i][j][k - 1] + A[i][j][k + 1]) / 7.0;
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++)
                    A[i][j][k] = (B[i][j][k] + B[i - 1][j][k] + B[i + 1][j][k]
                                  + B[i][j - 1][k] + B[i][j + 1][k]
                                  + B[i][j][k - 1] + B[i][j][k + 1]) / 7.0;
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
                A[i][j][k] = B[i][j][k] = (double)(i + j + (n - k)) * 10 / n;
    jacobi_3d(tsteps, n, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                sum += A[i][j][k] * ((i + 2 * j + 3 * k) % 5 + 1);
    printf("jacobi-3d %d: %.6f\n", n, sum);
    free(A);
    free(B);
    return 0;
}
