/* The FIR filter of Listing 1.1 of "Beyond Do Loops: Data Transfer
 * Generation with Convex Array Regions" (Guelton, Amini, Creusillet): `fir`
 * calls `kernel` once per output element, so the array elements it touches
 * are only known through an interprocedural analysis. The paper's regions:
 *   kernel: R(src) = {src[p] | i <= p <= i+k-1}, R(m) = {m[p] | 0 <= p <= k-1},
 *           W(dst) = {dst[p] | p = i}
 *   the call in fir's loop: R(src) = {src[p] | i <= p <= i+k-1, 0 <= i <= n-k}
 *
 * The two functions are the paper's, unchanged. `kernel` is declared `int`
 * but returns nothing (`fir` never uses its value), and `fir` writes
 * dst[0..n-k], one more element than the parameter `dst[n-k]` says, which C
 * ignores: `main` passes an array of n-k+1 elements.
 */
#include <stdio.h>

int kernel(int i, int n, int k, int src[n], int dst[n-k], int
    m[k]) {
    int v=0;
    for( int j = 0; j < k; ++j )
        v += src[ i + j ] * m[ j ];
    dst[i]=v;
}
void fir( int n, int k, int src[n], int dst[n-k], int m[k]) {
    for( int i = 0; i < n - k + 1; ++i )
        kernel(i, n, k, src, dst, m);
}

#define N 1000
#define K 16

int main(void) {
    static int src[N], dst[N - K + 1], m[K];
    for (int i = 0; i < N; ++i)
        src[i] = (i * 7 + 3) % 101 - 50;
    for (int j = 0; j < K; ++j)
        m[j] = j % 5 - 2;
    fir(N, K, src, dst, m);
    long checksum = 0;
    for (int i = 0; i < N - K + 1; ++i)
        checksum = checksum * 31 % 1000000007 + dst[i];
    printf("fir checksum: %ld\n", checksum);
    return 0;
}
