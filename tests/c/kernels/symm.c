/* symm: C := alpha*A*B + beta*C, where A is m x m symmetric and only its
 * lower triangle (diagonal included) is read; B and C are m x n. */
#include <stdio.h>
#include <stdlib.h>

static void symm(int m, int n, double alpha, double beta, double C[m][n], double A[m][m],
                 double B[m][n])
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double temp = 0.0;
            for (int k = 0; k < i; k++) {
                C[k][j] += alpha * B[i][j] * A[i][k];
                temp += B[k][j] * A[i][k];
            }
            C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp;
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n - 1;
    double (*A)[m] = malloc(sizeof(double[m][m]));
    double (*B)[n] = malloc(sizeof(double[m][n]));
    double (*C)[n] = malloc(sizeof(double[m][n]));
    if (!A || !B || !C)
        return 1;
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
            C[i][j] = (double)((i + j) % 100) / m;
            B[i][j] = (double)((n + i - j) % 100) / m;
        }
        for (int k = 0; k < m; k++)
            A[i][k] = k <= i ? (double)((i + k) % 100) / m : -999.0;
    }
    symm(m, n, 1.5, 1.2, C, A, B);
    double sum = 0.0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++)
            sum += C[i][j] * ((i + 4 * j) % 5 + 1);
    printf("symm %d: %.6f\n", n, sum);
    free(A);
    free(B);
    free(C);
    return 0;
}
