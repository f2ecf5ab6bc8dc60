/* fir: the FIR filter in the shape of Listing 1.1 of "Beyond Do Loops"
 * (Guelton, Amini, Creusillet): the filter loop calls a kernel that
 * computes one output element, so the elements each call touches are only
 * known interprocedurally: the call for output i reads src[i..i+k-1] and
 * m[0..k-1] and writes dst[i]. Here dst has the n-k+1 elements the loop
 * writes. */
#include <stdio.h>
#include <stdlib.h>

static void kernel(int i, int n, int k, int src[n], int dst[n - k + 1], int m[k])
{
    int v = 0;
    for (int j = 0; j < k; ++j)
        v += src[i + j] * m[j];
    dst[i] = v;
}

static void fir(int n, int k, int src[n], int dst[n - k + 1], int m[k])
{
    for (int i = 0; i < n - k + 1; ++i)
    step:
        kernel(i, n, k, src, dst, m);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 8)
        n = 8;
    int k = 5;
    int *src = malloc(sizeof(int[n]));
    int *dst = malloc(sizeof(int[n - k + 1]));
    int *m = malloc(sizeof(int[k]));
    if (!src || !dst || !m)
        return 1;
    for (int i = 0; i < n; i++)
        src[i] = (i * 13 + 5) % 31 - 15;
    for (int j = 0; j < k; j++)
        m[j] = j % 3 - 1 + j;
    fir(n, k, src, dst, m);
    long sum = 0;
    for (int i = 0; i < n - k + 1; i++)
        sum = (sum * 31 + dst[i]) % 1000000007;
    printf("fir %d: %ld\n", n, sum);
    free(src);
    free(dst);
    free(m);
    return 0;
}
