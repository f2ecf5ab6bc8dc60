// ferry-test: isolate --label body --no-optimize-transfers
// ferry-test: run 8 3 => to=144 from=24
// ferry-test: run 5 1 => to=40 from=20
// ferry-test: run 3 3 => to=24 from=4
// The paper's Listings 1.4-1.5 (and 1.7): the call kernel(i, ...) in fir's loop is isolated, once
// per iteration, without sharing transfers between iterations (fir_kernel_call.c shares them).
// Per iteration: i, n, k passed (read only, by value) -> 0.  src: R [i, i+k-1] -> 4k.  m: R [0,k-1] -> 4k.
// dst: W [i,i] exact -> store 4.  Per iteration to = 8k, from = 4; N = n-k+1 iterations.
// 8 3: N=6, to 6*24=144, from 24.  5 1: N=5, to 5*8=40, from 20.  3 3: N=1, to 24, from 4.
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
    int N = n - k + 1;
    for (int i = 0; i < N; ++i) {
    body:
        kernel(i, n, k, src, dst, m);
    }
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), k = atoi(argv[2]);
    int src[n], dst[n - k + 1], m[k];
    for (int i = 0; i < n; i++)
        src[i] = (i * 13) % 7 - 3;
    for (int j = 0; j < k; j++)
        m[j] = j + 1;
    for (int i = 0; i < n - k + 1; i++)
        dst[i] = -99;
    fir(n, k, src, dst, m);
    for (int i = 0; i < n - k + 1; i++)
        printf("%d ", dst[i]);
    printf("\n");
    return 0;
}
