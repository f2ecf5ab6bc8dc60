/* Dataflow inside a condition on data (the PENCIL report's Listing 3,
 * with the remedy it suggests: the dataflow inside the condition first).
 * Under `A[i] > 0`, t is written, then read: the read takes the value of
 * the same iteration, surely, though both statements may not run; it
 * neither reads t from before the loop nor from an earlier iteration. In
 * the second loop, C[i] reads tmp[i] written just before in the same
 * branch, or by the nested statement under a second condition (a
 * may-source), never from before; in the other branch it reads tmp[i]
 * from before the loop, and nothing from the first branch, which never
 * runs in the same iteration. */
#include <stdio.h>
#include <stdlib.h>

static void within(int n, int A[n], int B[n], int C[n], int tmp[n])
{
    int t = 0;
    for (int i = 0; i < n; ++i) {
        if (A[i] > 0) {
            t = A[i];
            B[i] = t;
        }
    }
    for (int i = 0; i < n; ++i) {
        if (A[i] % 2 != 0) {
            tmp[i] = A[i] * 2;
            if (A[i] > 3)
                tmp[i] = -1;
            C[i] = tmp[i] + t;
        } else {
            C[i] = tmp[i];
        }
    }
}

/* A call under a condition on data writes what its summary surely
 * writes whenever it runs: C[i] in the same branch reads tmp[i] from the
 * call, never from before the loop. */
static void put(int n, int x[n], int i, int v)
{
    x[i] = v;
}

static void within_calls(int n, int A[n], int C[n], int tmp[n])
{
    for (int i = 0; i < n; ++i) {
        if (A[i] < 0) {
            put(n, tmp, i, 7);
            C[i] += tmp[i];
        }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 1)
        n = 1;
    int *A = malloc(sizeof(int[n]));
    int *B = malloc(sizeof(int[n]));
    int *C = malloc(sizeof(int[n]));
    int *tmp = malloc(sizeof(int[n]));
    if (!A || !B || !C || !tmp)
        return 1;
    for (int i = 0; i < n; i++) {
        A[i] = (i * 5) % 9 - 2;
        B[i] = 0;
        C[i] = 0;
        tmp[i] = 10 + i;
    }
    within(n, A, B, C, tmp);
    within_calls(n, A, C, tmp);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += (B[i] + 2 * C[i] + 3 * tmp[i]) * (i + 1);
    printf("%ld\n", sum);
    free(A);
    free(B);
    free(C);
    free(tmp);
    return 0;
}
