// ferry-test: isolate --label outer
// ferry-test: run 8 3 => to=44 from=24
// ferry-test: run 5 1 => to=24 from=20
// ferry-test: run 3 3 => to=24 from=4
// The paper's FIR (Listings 1.4-1.5), isolating fir's outer loop with the call to kernel inside.
// N, n, k read only, passed by value -> 0; i local.  src: R [0, N-1+k-1] = [0, n-1] -> 4n.  m: R [0,k-1] -> 4k.
// dst: W [0, N-1] exact -> store 4N (N = n-k+1).
// 8 3: to 32+12=44, from 24.  5 1: to 20+4=24, from 20.  3 3: to 12+12=24, from 4.
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
outer:
    for (int i = 0; i < N; ++i) {
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
