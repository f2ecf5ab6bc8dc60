/* Listing 1.1: a FIR filter whose inner product is a call,
   kernel(i, n, k, src, dst, m), for several sizes. */
// args: 16 4 | 9 3 | 6 6
#include <stdio.h>
#include <stdlib.h>

void kernel(int i, int n, int k, float src[n], float dst[n], float m[k]) {
    int j;
    float v = 0;
    for (j = 0; j < k; j++)
        v += src[i + j] * m[j];
    dst[i] = v;
}

void fir(int n, int k, float src[n], float dst[n], float m[k]) {
    int i;
    for (i = 0; i < n - k + 1; i++)
        kernel(i, n, k, src, dst, m);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 16;
    int k = argc > 2 ? atoi(argv[2]) : 4;
    if (n > 32)
        n = 32;
    if (k > n)
        k = n;
    float src[32], dst[32], m[32];
    for (int i = 0; i < n; i++) {
        src[i] = (float)(i % 7);
        dst[i] = 0;
    }
    for (int j = 0; j < k; j++)
        m[j] = 1.0f / (float)(j + 1);
    fir(n, k, src, dst, m);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += dst[i] * (i + 1);
    printf("fir n=%d k=%d %.4f\n", n, k, sum);
    return 0;
}
