/* doitgen: multiresolution analysis kernel, a 3-D tensor contracted with a
 * matrix along its last dimension: A[r][q][.] := A[r][q][.] * C4, one
 * (r, q) slice at a time through a temporary row. */
#include <stdio.h>
#include <stdlib.h>

static void doitgen(int nr, int nq, int np, double A[nr][nq][np], double C4[np][np],
                    double sum[np])
{
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nq; q++) {
            for (int p = 0; p < np; p++) {
                sum[p] = 0.0;
                for (int s = 0; s < np; s++)
                    sum[p] += A[r][q][s] * C4[s][p];
            }
            for (int p = 0; p < np; p++)
                A[r][q][p] = sum[p];
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int nr = n - 2, nq = n - 1, np = n;
    double (*A)[nq][np] = malloc(sizeof(double[nr][nq][np]));
    double (*C4)[np] = malloc(sizeof(double[np][np]));
    double *sum = malloc(sizeof(double[np]));
    if (!A || !C4 || !sum)
        return 1;
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nq; q++)
            for (int p = 0; p < np; p++)
                A[r][q][p] = (double)((r * q + p) % np) / np;
    for (int s = 0; s < np; s++)
        for (int p = 0; p < np; p++)
            C4[s][p] = (double)(s * p % np) / np;
    doitgen(nr, nq, np, A, C4, sum);
    double check = 0.0;
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nq; q++)
            for (int p = 0; p < np; p++)
                check += A[r][q][p] * ((r + q + p) % 4 + 1);
    printf("doitgen %d: %.6f\n", n, check);
    free(A);
    free(C4);
    free(sum);
    return 0;
}
