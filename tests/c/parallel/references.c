/* Loops whose array accesses, merged into one convex region per array,
 * seem to conflict from one iteration to the next, and taken one by one
 * do not (or do). `cases` runs:
 * - LU's update of row i: iteration j writes A[i][j] and reads row i left
 *   of the diagonal and column j above row i; the hull of the two
 *   segments holds row i's other elements, the accesses do not: parallel;
 * - a matrix written by row and by column from the diagonal (the mirror
 *   of covariance): row i and column i at iteration i, apart from any
 *   other iteration's: parallel;
 * - the same row with a neighbour read (B[i][j - 1]): sequential;
 * - a column read through an inner loop's index at rows the iterations
 *   before wrote (C[k][0] for k below j): sequential. */
#include <stdio.h>
#include <stdlib.h>

void cases(int n, double (*A)[n], double (*M)[n], double (*B)[n], double (*C)[n])
{
    for (int i = 1; i < n; i++)
        for (int j = i; j < n; j++)
            for (int k = 0; k < i; k++)
                A[i][j] -= A[i][k] * A[k][j];
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) {
            M[i][j] = (double)(i + 2 * j) / n;
            M[j][i] = M[i][j];
        }
    for (int i = 0; i < n; i++)
        for (int j = 1; j < n; j++)
            B[i][j] = B[i][j - 1] * 0.5 + B[i][j];
    for (int j = 0; j < n; j++)
        for (int k = 0; k < j; k++)
            C[j][0] += C[k][0] * 0.25;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1)
        n = 1;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    double (*M)[n] = malloc(sizeof(double[n][n]));
    double (*B)[n] = malloc(sizeof(double[n][n]));
    double (*C)[n] = malloc(sizeof(double[n][n]));
    if (!A || !M || !B || !C)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = (double)((i * j + 1) % 7) / 7 + (i == j ? n : 0);
            M[i][j] = -1.0;
            B[i][j] = (double)((i + j) % 5);
            C[i][j] = (double)((i * 3 + j) % 11) / 11;
        }
    cases(n, A, M, B, C);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += (A[i][j] + 2 * M[i][j] + 3 * B[i][j] + 5 * C[i][j]) * ((i * 7 + j * 3) % 11 + 1);
    printf("references %d: %.6f\n", n, sum);
    return 0;
}
