/* syr2k: symmetric rank-2k update of the lower triangle of C:
 * C := alpha*(A*B^T + B*A^T) + beta*C, with A and B n x m. */
#include <stdio.h>
#include <stdlib.h>

static void syr2k(int n, int m, double alpha, double beta, double C[n][n],
                  double A[n][m], double B[n][m])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < m; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += alpha * (A[j][k] * B[i][k] + B[j][k] * A[i][k]);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n + 2;
    double (*A)[m] = malloc(sizeof(double[n][m]));
    double (*B)[m] = malloc(sizeof(double[n][m]));
    double (*C)[n] = malloc(sizeof(double[n][n]));
    if (!A || !B || !C)
        return 1;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < m; k++) {
            A[i][k] = (double)((i * k + 1) % n) / n;
            B[i][k] = (double)((i * k + 2) % m) / m;
        }
        for (int j = 0; j < n; j++)
            C[i][j] = (double)((3 * i + j) % 7) / 7.0;
    }
    syr2k(n, m, 1.5, 1.2, C, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += C[i][j] * ((i * 3 + j) % 7 + 1);
    printf("syr2k %d: %.6f\n", n, sum);
    free(A);
    free(B);
    free(C);
    return 0;
}
