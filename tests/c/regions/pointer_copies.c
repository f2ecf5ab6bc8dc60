/* Copies of pointers that keep their value: a local assigned a heap
 * block and then copied once (q = src), and a copy of a parameter (y =
 * out). Each copy walks its block with a constant index, so what it
 * reaches is the block's elements (src[PHI1], out[PHI1]), not memory
 * without a name; a copy that moves (r++) walks it too. */
// args: 6 | 1 | 0
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, const double *in, double *out, double k)
{
    const double *x = in;
    double *y = out;
    for (int i = 0; i < n; i++)
        y[i] = k * x[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 0 || n > 100)
        return 2;
    float *src = malloc((n + 2) * sizeof *src);
    double *dst = malloc((n + 1) * sizeof *dst);
    float *q = src;
    for (int i = 0; i < n + 2; i++)
        q[i] = (float)(i % 5) - 1.5f;
    for (int i = 0; i < n; i++)
        dst[i] = src[i] + src[i + 2];
    double *a = malloc((n + 1) * sizeof *a);
    scale(n, dst, a, 0.5);
    float *r = src;
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * *r++;
    printf("%.3f\n", s);
    free(a);
    free(dst);
    free(src);
    return 0;
}
