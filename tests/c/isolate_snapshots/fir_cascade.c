/* Two FIR filters in a cascade, each fir a loop around calls of the
 * kernel of Listing 1.1: `--function kernel` moves kernel's transfers to
 * its call in fir's loop (section 4.1), and on to fir's two calls in
 * main, since fir is only a loop around the calls (`lift`). fir's clone
 * runs the loop and calls kernel's clone on the device copies; main
 * loads src and m once, keeps mid on the device between the filters, and
 * stores out. */
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
