/* gemm: C := alpha*A*B + beta*C, with A ni x nk, B nk x nj, C ni x nj. */
#include <stdio.h>
#include <stdlib.h>

static void gemm(int ni, int nj, int nk, double alpha, double beta,
                 double C[ni][nj], double A[ni][nk], double B[nk][nj])
{
    for (int i = 0; i < ni; i++) {
        for (int j = 0; j < nj; j++)
            C[i][j] *= beta;
        for (int k = 0; k < nk; k++)
            for (int j = 0; j < nj; j++)
                C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int ni = n, nj = n + 3, nk = n + 1;
    double (*A)[nk] = malloc(sizeof(double[ni][nk]));
    double (*B)[nj] = malloc(sizeof(double[nk][nj]));
    double (*C)[nj] = malloc(sizeof(double[ni][nj]));
    if (!A || !B || !C)
        return 1;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            A[i][k] = (double)((i * k + 1) % ni) / ni;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            B[k][j] = (double)((k * (j + 1)) % nj) / nj;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            C[i][j] = (double)((i * j + 2) % nk) / nk;
    gemm(ni, nj, nk, 1.5, 1.2, C, A, B);
    double sum = 0.0;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            sum += C[i][j] * ((i * 7 + j * 3) % 11 + 1);
    printf("gemm %d: %.6f\n", n, sum);
    free(A);
    free(B);
    free(C);
    return 0;
}
