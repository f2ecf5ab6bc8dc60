/* lu: Doolittle LU decomposition in place, without pivoting: U in the
 * upper triangle and diagonal, L (unit diagonal, not stored) below. */
#include <stdio.h>
#include <stdlib.h>

static void lu(int n, double A[n][n])
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            for (int k = 0; k < j; k++)
                A[i][j] -= A[i][k] * A[k][j];
            A[i][j] /= A[j][j];
        }
        for (int j = i; j < n; j++)
            for (int k = 0; k < i; k++)
                A[i][j] -= A[i][k] * A[k][j];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    if (!A)
        return 1;
    /* Diagonally dominant: no pivoting needed. */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? 2.0 * n : (double)((i * 3 + j * 5) % 7) / 7.0;
    lu(n, A);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += A[i][j] * ((2 * i + j) % 5 + 1);
    printf("lu %d: %.6f\n", n, sum);
    free(A);
    return 0;
}
