/* syrk: symmetric rank-k update of the lower triangle of C:
 * C := alpha*A*A^T + beta*C, with A n x m; the upper triangle is left
 * untouched. */
#include <stdio.h>
#include <stdlib.h>

static void syrk(int n, int m, double alpha, double beta, double C[n][n],
                 double A[n][m])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++)
            C[i][j] *= beta;
        for (int k = 0; k < m; k++)
            for (int j = 0; j <= i; j++)
                C[i][j] += alpha * A[i][k] * A[j][k];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n - 2;
    double (*A)[m] = malloc(sizeof(double[n][m]));
    double (*C)[n] = malloc(sizeof(double[n][n]));
    if (!A || !C)
        return 1;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < m; k++)
            A[i][k] = (double)((i * k + 3) % n) / n;
        for (int j = 0; j < n; j++)
            C[i][j] = (double)((i + j) % m) / m;
    }
    syrk(n, m, 1.5, 0.8, C, A);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += C[i][j] * ((i + 2 * j) % 5 + 1);
    printf("syrk %d: %.6f\n", n, sum);
    free(A);
    free(C);
    return 0;
}
