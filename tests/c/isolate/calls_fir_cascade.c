// ferry-test: isolate --function kernel
// ferry-test: run 10 3 => to=52 from=24 loads=2 stores=1
// ferry-test: run 5 3 => to=32 from=4
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 3 => to=336 from=56
// ferry-test: run 5 3 => to=96 from=16
// Two FIR filters in a cascade (Listing 1.1's shape), `--function
// kernel`: kernel's only call is the whole body of fir's loop, so its
// transfers move there (section 4.1); fir does nothing but count i from
// n and k, its own scalars, so they move on to fir's two calls in main
// (`lift`), whose buffers the sequence shares: m is loaded once, mid,
// written by the first call and read by the second, stays on the device
// and is never stored (main does not read it), and only out comes back.
// Per call n, k: read only, passed by value: 0. src: IN [0,n-1]: 4n.
// m: IN [0,k-1]: 4k. out: OUT [0,n-2k+1]: 4(n-2k+2). to = 4n + 4k,
// from = 4(n-2k+2).
// 10 3: 40 + 12 = 52, from 24 (m, src: 2 loads).
// 5 3: 20 + 12 = 32, from 4.
// Lifted one level only (fir's loop shares kernel's transfers between
// its iterations, Listing 1.8) this was 96 / 56 and 56 / 16.
// Body isolation: kernel's body reads i and k (n only sizes parameters),
// both read only, passed by value, and src[i,i+k-1] and m[0,k-1]: 8k per
// call. 10 3: 14 * 24 = 336. 5 3: 4 * 24 = 96.
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
