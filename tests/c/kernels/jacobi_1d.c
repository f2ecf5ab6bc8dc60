/* jacobi-1d: three-point averaging, tsteps times, ping-ponging between two
 * arrays; the boundary elements stay fixed. */
#include <stdio.h>
#include <stdlib.h>

static void jacobi_1d(int tsteps, int n, double A[n], double B[n])
{
    for (int t = 0; t < tsteps; t++)
    step: {
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0;
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            A[i] = (B[i - 1] + B[i] + B[i + 1]) / 3.0;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 10;
    double *A = malloc(sizeof(double[n]));
    double *B = malloc(sizeof(double[n]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < n; i++) {
        A[i] = ((double)i + 2) / n;
        B[i] = ((double)i + 3) / n;
    }
    jacobi_1d(tsteps, n, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += A[i] * (i % 3 + 1) + B[i];
    printf("jacobi-1d %d: %.6f\n", n, sum);
    free(A);
    free(B);
    return 0;
}
