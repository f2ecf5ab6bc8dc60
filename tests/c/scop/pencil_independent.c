/* PENCIL's `#pragma pencil independent` (the report's §3.9, Listing 10):
 * B[i][A[i][j]] subscripts with data, so each instance may write any
 * element of row i of B (a may-write) and the instances of one row are
 * ordered by output dependences. Each row of A holds distinct entries,
 * which the pragma tells: the iterations of the j loop are independent,
 * and the dependences between them are left out (j becomes coincident).
 * `scatter` is the same loop without the pragma. */
#include <stdio.h>
#include <stdlib.h>

static void foo(int n, int A[n][n], int B[n][n])
{
    for (int i = 0; i < n; ++i)
#pragma pencil independent
        for (int j = 0; j < n; ++j)
            B[i][A[i][j]] = i + j;
}

static void scatter(int n, int A[n][n], int B[n][n])
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            B[i][A[i][j]] = i + j;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    int k = argc > 2 ? atoi(argv[2]) : 5;
    if (n < 1)
        n = 1;
    int (*A)[n] = malloc(sizeof(int[n][n]));
    int (*B)[n] = malloc(sizeof(int[n][n]));
    if (!A || !B)
        return 1;
    /* Row i is j -> (k * j + i) mod n: distinct entries where k and n
     * are coprime (the caller's promise the pragma records). */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = (k * j + i) % n;
            B[i][j] = -1;
        }
    foo(n, A, B);
    long sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += B[i][j] * (i + 2 * j + 1);
    scatter(n, A, B);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += B[i][j] * (3 * i + j + 1);
    printf("%ld\n", sum);
    free(A);
    free(B);
    return 0;
}
