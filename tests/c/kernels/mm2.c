/* 2mm: D := alpha*A*B*C + beta*D, through tmp := alpha*A*B.
 * A is ni x nk, B nk x nj, C nj x nl, D ni x nl. */
#include <stdio.h>
#include <stdlib.h>

static void mm2(int ni, int nj, int nk, int nl, double alpha, double beta,
                double tmp[ni][nj], double A[ni][nk], double B[nk][nj], double C[nj][nl],
                double D[ni][nl])
{
#pragma ferry isolate
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            tmp[i][j] = 0.0;
            for (int k = 0; k < nk; k++)
                tmp[i][j] += alpha * A[i][k] * B[k][j];
        }
#pragma ferry isolate
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nl; j++) {
            D[i][j] *= beta;
            for (int k = 0; k < nj; k++)
                D[i][j] += tmp[i][k] * C[k][j];
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int ni = n, nj = n + 1, nk = n + 2, nl = n + 3;
    double (*tmp)[nj] = malloc(sizeof(double[ni][nj]));
    double (*A)[nk] = malloc(sizeof(double[ni][nk]));
    double (*B)[nj] = malloc(sizeof(double[nk][nj]));
    double (*C)[nl] = malloc(sizeof(double[nj][nl]));
    double (*D)[nl] = malloc(sizeof(double[ni][nl]));
    if (!tmp || !A || !B || !C || !D)
        return 1;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            A[i][k] = (double)((i * k + 1) % ni) / ni;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            B[k][j] = (double)(k * (j + 1) % nj) / nj;
    for (int j = 0; j < nj; j++)
        for (int l = 0; l < nl; l++)
            C[j][l] = (double)((j * (l + 3) + 1) % nl) / nl;
    for (int i = 0; i < ni; i++)
        for (int l = 0; l < nl; l++)
            D[i][l] = (double)(i * (l + 2) % nk) / nk;
    mm2(ni, nj, nk, nl, 1.5, 1.2, tmp, A, B, C, D);
    double sum = 0.0;
    for (int i = 0; i < ni; i++)
        for (int l = 0; l < nl; l++)
            sum += D[i][l] * ((i + l) % 6 + 1);
    printf("2mm %d: %.6f\n", n, sum);
    free(tmp);
    free(A);
    free(B);
    free(C);
    free(D);
    return 0;
}
