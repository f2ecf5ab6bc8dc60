// ferry-test: isolate --pragma
// ferry-test: run 10 => to=44 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// A structure gathers a function's pointer parameters, `struct window w
// = {n, src, sum};`, and the loop reaches them through its members. The
// structure is a variable per member; w.src and w.sum are copies of src
// and sum that never move, so they walk those blocks: the regions are
// src[PHI1] and sum[PHI1], and on the device the members' copies point
// into the buffers.
// w.src read [0, n] (i and i + 1, i < n) -> 4(n+1) in when n >= 1;
// w.sum written [0, n-1], summed by main -> 8n back.
// 10 -> 44 / 80; 1 -> 8 / 8; 0 -> nothing (the loop does not run).
#include <stdio.h>
#include <stdlib.h>

struct window {
    int n;
    float *src;
    double *sum;
};

static void smooth(int n, float *src, double *sum)
{
    struct window w = {n, src, sum};
#pragma ferry isolate
    for (int i = 0; i < w.n; i++)
        w.sum[i] = w.src[i] + w.src[i + 1];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    float *src = malloc((n + 1) * sizeof *src);
    double *sum = malloc((n + 1) * sizeof *sum);
    for (int i = 0; i < n + 1; i++)
        src[i] = (float)(i % 5) - 1.5f;
    smooth(n, src, sum);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += sum[i] * (i % 3 + 1);
    printf("%.2f\n", s);
    free(src);
    free(sum);
    return 0;
}
