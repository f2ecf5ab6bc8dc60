/* Loops left by `continue` and `break` (the PENCIL report's Listing 2):
 * such a loop is no nest but an unstructured part, taken as one statement
 * of the SCoP around it, whose instances are the enclosing loops' (the
 * report's { S(i) : 0 <= i < n }). It may write what its statements
 * write, at the elements the semantics bound before each (the `j` it
 * steps is no parameter: the accesses are over all its values), and
 * reads what they read. The first nest is Listing 2: a row of B is
 * written where A is zero, the others counted. The second finds, per
 * row, the first column over a threshold (`break`), else n. The `while` steps the k it
 * subscripts with, so its body is no SCoP: it is placed by its stores too
 * (its condition reads no pos[n]). The last nest reads what all left. */
#include <stdio.h>
#include <stdlib.h>

static void jumps(int n, int t, int A[n], int B[n][n], int skipped[n], int pos[n])
{
    for (int i = 0; i < n; ++i) {
        skipped[i] = 0;
        for (int j = 0; j < n; ++j) {
            if (A[j]) {
                skipped[i] += 1;
                continue;
            }
            B[i][j] = i + j;
        }
    }
    for (int i = 0; i < n; ++i) {
        pos[i] = n;
        for (int j = 0; j < n; ++j)
            if (B[i][j] > t) {
                pos[i] = j;
                break;
            }
    }
    int k = 0;
    while (k < n && pos[k] < n) {
        skipped[k] += 2;
        k++;
    }
    for (int i = 0; i < n; ++i)
        skipped[i] = skipped[i] + pos[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    int t = argc > 2 ? atoi(argv[2]) : 4;
    if (n < 1)
        n = 1;
    int *A = malloc(sizeof(int[n]));
    int (*B)[n] = malloc(sizeof(int[n][n]));
    int *skipped = malloc(sizeof(int[n]));
    int *pos = malloc(sizeof(int[n]));
    if (!A || !B || !skipped || !pos)
        return 1;
    for (int i = 0; i < n; i++) {
        A[i] = i % 3 == 0;
        for (int j = 0; j < n; j++)
            B[i][j] = -1;
    }
    jumps(n, t, A, B, skipped, pos);
    long sum = 0;
    for (int i = 0; i < n; i++) {
        sum += skipped[i] * (i + 1);
        for (int j = 0; j < n; j++)
            sum += B[i][j] * (i + 2 * j + 1);
    }
    printf("%ld\n", sum);
    free(A);
    free(B);
    free(skipped);
    free(pos);
    return 0;
}
