// ferry-test: isolate --pragma
// ferry-test: run 10 => to=48 from=80
// ferry-test: run 1 => to=12 from=8
// ferry-test: run 0 => to=0 from=0
// Pointer members copied from heap blocks the function allocated itself:
// `float *src = malloc(...)`, then `struct window w = {n, src, sum};`.
// src and sum each hold one fresh block, assigned once; the members are
// copies that never move, so w.src[i] is src's element i (before, a
// member copied from another pointer reached memory ferry could not name,
// and the loop was refused).
// w.src read [0, n+1] (i and i + 2, i < n) -> 4(n+2) in when n >= 1;
// w.sum written [0, n-1], summed through sum afterwards -> 8n back.
// 10 -> 48 / 80; 1 -> 12 / 8; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

struct window {
    int n;
    float *src;
    double *sum;
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    float *src = malloc((n + 2) * sizeof *src);
    double *sum = malloc((n + 1) * sizeof *sum);
    for (int i = 0; i < n + 2; i++)
        src[i] = (float)(i % 7) - 2.5f;
    struct window w = {n, src, sum};
#pragma ferry isolate
    for (int i = 0; i < w.n; i++)
        w.sum[i] = w.src[i] + w.src[i + 2];
    double s = 0;
    for (int i = 0; i < n; i++)
        s += sum[i] * (i % 3 + 1);
    printf("%.2f\n", s);
    free(src);
    free(sum);
    return 0;
}
