/* 3mm: G := (A*B) * (C*D), through E := A*B and F := C*D.
 * A is ni x nk, B nk x nj, C nj x nm, D nm x nl. */
#include <stdio.h>
#include <stdlib.h>

static void mm3(int ni, int nj, int nk, int nl, int nm, double E[ni][nj], double A[ni][nk],
                double B[nk][nj], double F[nj][nl], double C[nj][nm], double D[nm][nl],
                double G[ni][nl])
{
#pragma ferry isolate
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++) {
            E[i][j] = 0.0;
            for (int k = 0; k < nk; k++)
                E[i][j] += A[i][k] * B[k][j];
        }
#pragma ferry isolate
    for (int i = 0; i < nj; i++)
        for (int j = 0; j < nl; j++) {
            F[i][j] = 0.0;
            for (int k = 0; k < nm; k++)
                F[i][j] += C[i][k] * D[k][j];
        }
#pragma ferry isolate
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nl; j++) {
            G[i][j] = 0.0;
            for (int k = 0; k < nj; k++)
                G[i][j] += E[i][k] * F[k][j];
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int ni = n, nj = n + 1, nk = n + 2, nl = n + 3, nm = n + 4;
    double (*E)[nj] = malloc(sizeof(double[ni][nj]));
    double (*A)[nk] = malloc(sizeof(double[ni][nk]));
    double (*B)[nj] = malloc(sizeof(double[nk][nj]));
    double (*F)[nl] = malloc(sizeof(double[nj][nl]));
    double (*C)[nm] = malloc(sizeof(double[nj][nm]));
    double (*D)[nl] = malloc(sizeof(double[nm][nl]));
    double (*G)[nl] = malloc(sizeof(double[ni][nl]));
    if (!E || !A || !B || !F || !C || !D || !G)
        return 1;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            A[i][k] = (double)((i * k + 1) % ni) / (5 * ni);
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            B[k][j] = (double)((k * (j + 1) + 2) % nj) / (5 * nj);
    for (int j = 0; j < nj; j++)
        for (int l = 0; l < nm; l++)
            C[j][l] = (double)(j * (l + 3) % nl) / (5 * nl);
    for (int l = 0; l < nm; l++)
        for (int j = 0; j < nl; j++)
            D[l][j] = (double)((l * (j + 2) + 2) % nk) / (5 * nk);
    mm3(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
    double sum = 0.0;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nl; j++)
            sum += G[i][j] * ((i * 3 + j) % 7 + 1);
    printf("3mm %d: %.6f\n", n, sum);
    free(E);
    free(A);
    free(B);
    free(F);
    free(C);
    free(D);
    free(G);
    return 0;
}
