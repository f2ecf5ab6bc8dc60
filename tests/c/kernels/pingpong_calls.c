/* pingpong_calls: a five-point stencil on an n x n grid, tsteps times,
 * swapping the roles of the two grids by the parity of the time step (the
 * loop calls the sweep from one branch of an `if` or the other), as codes
 * that avoid copying the grid back often do. */
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, double src[n][n], double dst[n][n])
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            dst[i][j] = 0.2 * (src[i][j] + src[i - 1][j] + src[i + 1][j] + src[i][j - 1] +
                               src[i][j + 1]);
}

static void pingpong_calls(int tsteps, int n, double A[n][n], double B[n][n])
{
    for (int t = 0; t < tsteps; t++) {
        if (t % 2 == 0)
            sweep(n, A, B);
        else
            sweep(n, B, A);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 10;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    double (*B)[n] = malloc(sizeof(double[n][n]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = ((double)(i * j % 7) + 1) / n;
            B[i][j] = ((double)(i + 2 * j) + 2) / n;
        }
    pingpong_calls(tsteps, n, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += A[i][j] * (i % 3 + 1);
    printf("pingpong_calls %d: %.6f\n", n, sum);
    free(A);
    free(B);
    return 0;
}
