/* What C leaves undefined narrows the context (the PENCIL report's §3.4,
 * Listing 6): the parameters for which some instance would subscript an
 * array out of its bounds cannot occur. `D[static n]` points at the first
 * element of an array (C11 6.7.6.3), so D[i + m] for i = 0 says m >= 0,
 * and under that D[i] = D[i + m] has no flow dependence, only anti ones.
 * A plain pointer may point into the middle of its array: the same loop
 * over it keeps the flow for m < 0. A global array bounds its subscripts
 * on both sides, and the rows of any array (`a[i][j + 1]`) their own. */
#include <stdio.h>
#include <stdlib.h>

int G[64];

static void listing6(int n, int m, int D[static n])
{
    for (int i = 0; i < n; i++) {
        D[i] = D[i + m];
    }
}

static void pointer(int n, int m, int *D)
{
    for (int i = 0; i < n; i++) {
        D[i] = D[i + m];
    }
}

static void global(int n, int m)
{
    for (int i = 0; i < n; i++)
        G[i] = G[i + m] + 1;
}

static void rows(int n, int m, int k, int a[n][m])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < k; j++)
            a[i][j] = a[i][j + 1] * 2;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 1 || n > 16)
        return 1;
    int m = n / 2;
    int *D = malloc(sizeof(int[3 * n + 1]));
    int *R = malloc(sizeof(int[n * n]));
    if (!D || !R)
        return 1;
    for (int i = 0; i < 3 * n + 1; i++)
        D[i] = i * i % 7;
    for (int i = 0; i < n * n; i++)
        R[i] = i % 3;
    for (int i = 0; i < 64; i++)
        G[i] = i % 5;
    listing6(n, m, D);
    pointer(n, -m, D + n);
    global(n, m);
    rows(n, n, n - 1, (int (*)[n])R);
    long sum = 0;
    for (int i = 0; i < 3 * n + 1; i++)
        sum += D[i] * (i + 1);
    for (int i = 0; i < 64; i++)
        sum += G[i] * (i + 2);
    for (int i = 0; i < n * n; i++)
        sum += R[i] * (i + 3);
    printf("%ld\n", sum);
    free(R);
    free(D);
    return 0;
}
