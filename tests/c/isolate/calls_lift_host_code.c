// ferry-test: isolate --function kernel
// ferry-test: run 10 3 => to=96 from=56
// ferry-test: run 5 3 => to=56 from=16
// The FIR cascade of calls_fir_cascade.c, but fir clamps its first
// output on the host after the loop: fir's own code touches dst, so it
// is not only control around kernel's calls and kernel's transfers stop
// at fir's loop (`lift`): they must not move on to main, where dst would
// still be on the device when fir reads it. The figures are those of one
// level: per fir call of N = n-k+1 iterations, the first loads src[0,k-1]
// and m[0,k-1], each later one src[i+k-1] only; every iteration passes
// i, n, k (read only, by value: 0) and stores dst[i] (4):
// to = 4(2k + N - 1), from 4N.
// 10 3: N = 8 then 6: 52 + 44 = 96, from 32 + 24 = 56.
// 5 3: N = 3 then 1: 32 + 24 = 56, from 12 + 4 = 16.
// (Lifted on to main these would be 52 / 24 and 32 / 4.)
#include <stdio.h>
#include <stdlib.h>

void kernel(int i, int n, int k, int src[n], int dst[n - k + 1], int m[k])
{
    int v = 0;
    for (int j = 0; j < k; ++j)
        v += src[i + j] * m[j];
    dst[i] = v;
}

/* The host clamps the first output after the filter: fir's own code
 * touches dst, so the device copies cannot stay on the device across
 * fir's calls. */
void fir(int n, int k, int src[n], int dst[n - k + 1], int m[k])
{
    for (int i = 0; i < n - k + 1; ++i)
        kernel(i, n, k, src, dst, m);
    if (dst[0] < 0)
        dst[0] = 0;
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
