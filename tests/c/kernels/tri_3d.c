/* tri_3d: a three-deep parallel nest over a tetrahedron, the middle loop
 * counting down: i in [0, n), j from n-1 down to i, k in [i, j]. Every
 * iteration writes its own element of A and reads B only. */
#include <stdio.h>
#include <stdlib.h>

static void tri_3d(int n, double A[n][n][n], double B[n][n][n])
{
    for (int i = 0; i < n; i++)
        for (int j = n - 1; j >= i; j--)
            for (int k = i; k <= j; k++)
                A[i][j][k] = B[k][j][i] * 0.5 + i - j + k;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 1)
        n = 1;
    double (*A)[n][n] = malloc(sizeof(double[n][n][n]));
    double (*B)[n][n] = malloc(sizeof(double[n][n][n]));
    if (!A || !B)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) {
                A[i][j][k] = -1.0;
                B[i][j][k] = (double)((i * 7 + j * 3 + k) % 11) / 11;
            }
    tri_3d(n, A, B);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                sum += A[i][j][k] * (1 + (i + 2 * j + 3 * k) % 5);
    printf("%.17g\n", sum);
    free(A);
    free(B);
    return 0;
}
