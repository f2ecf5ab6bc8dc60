// ferry-test: isolate --function kernel
// ferry-test: run 10 3 => to=264 from=56
// ferry-test: run 5 3 => to=104 from=16
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 3 => to=448 from=56
// ferry-test: run 5 3 => to=128 from=16
// Two FIR filters in a cascade (Listing 1.1's shape), `--function
// kernel`: kernel's only call is the whole body of fir's loop, so its
// transfers move there and the loop's iterations share them (Listing
// 1.8): per fir call of N = n-k+1 iterations, the first loads src[0,k-1]
// and m[0,k-1], each later one src[i+k-1] only; every iteration passes
// i, n, k (12) and stores dst[i] (4): to = 12N + 4(2k + N - 1), from 4N.
// 10 3: N = 8 then 6: 96 + 52 + 72 + 44 = 264, from 32 + 24 = 56.
// 5 3: N = 3 then 1: 36 + 32 + 12 + 24 = 104, from 12 + 4 = 16.
// Body isolation: kernel's body reads i and k (n only sizes parameters),
// src[i,i+k-1] and m[0,k-1]: 8 + 8k per call. 10 3: 14 * 32 = 448.
// 5 3: 4 * 32 = 128.
#include <stdio.h>
#include <stdlib.h>

void kernel(int i, int n, int k, int src[n], int dst[n - k + 1], int m[k])
{
    int v = 0;
    for (int j = 0; j < k; ++j)
        v += src[i + j] * m[j];
    dst[i] = v;
}

void fir(int n, int k, int src[n], int dst[n - k + 1], int m[k])
{
    for (int i = 0; i < n - k + 1; ++i)
        kernel(i, n, k, src, dst, m);
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), k = atoi(argv[2]);
    int src[n], mid[n - k + 1], out[n - 2 * k + 2], m[k];
    for (int i = 0; i < n; i++)
        src[i] = (i * 11) % 9 - 4;
    for (int j = 0; j < k; j++)
        m[j] = 2 - j;
    fir(n, k, src, mid, m);
    fir(n - k + 1, k, mid, out, m);
    for (int i = 0; i < n - 2 * k + 2; i++)
        printf("%d ", out[i]);
    printf("\n");
    return 0;
}
