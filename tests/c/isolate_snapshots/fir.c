/* Listings 1.4 and 1.5 of "Beyond Do Loops: Data Transfer Generation with
 * Convex Array Regions": the call to `kernel` in the FIR's loop isolated.
 * `kernel` receives isolated arrays, so a clone of it takes one offset per
 * array (src: i, dst: i, m: 0) and the loop moves k elements of src and m
 * in, and one of dst out, per iteration. */
#include <stdio.h>
#include <stdlib.h>

void kernel(int i, int n, int k, int src[n], int dst[n - k], int m[k]) {
    int v = 0;
    for (int j = 0; j < k; ++j)
        v += src[i + j] * m[j];
    dst[i] = v;
}

void fir(int n, int k, int src[n], int dst[n - k], int m[k]) {
    for (int i = 0; i < n - k + 1; ++i)
    call:
        kernel(i, n, k, src, dst, m);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    int k = argc > 2 ? atoi(argv[2]) : 8;
    int *src = malloc(n * sizeof *src), *dst = malloc((n - k + 1) * sizeof *dst);
    int *m = malloc(k * sizeof *m);
    for (int i = 0; i < n; ++i)
        src[i] = (i * 7 + 3) % 101 - 50;
    for (int j = 0; j < k; ++j)
        m[j] = j % 5 - 2;
    fir(n, k, src, dst, m);
    for (int i = 0; i < n - k + 1; ++i)
        printf("%d ", dst[i]);
    printf("\n");
    return 0;
}
