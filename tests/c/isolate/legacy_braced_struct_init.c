// ferry-test: isolate --pragma
// ferry-test: run 10 => to=44 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// A local structure initialised with braces, a member by position and
// two by designator, each pointer member a fresh block, and a member the
// list leaves out (`skip`), which C sets to zero. The initialiser is one
// assignment per member, so the structure is still a variable per member:
// w.n bounds a counted loop, w.src and w.sum name their blocks, and
// w.skip is 0, which keeps the read w.src[i + 1 + w.skip] bounded.
// The loop reads w.src[0, n] and writes w.sum[0, n-1], which main sums:
// to = 4(n+1), from = 8n: 10 -> 44 / 80; 1 -> 8 / 8; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

struct window {
    int n;
    int skip;
    float *src;
    double *sum;
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0 || n > 1000)
        return 2;
    struct window w = {n, .src = malloc((n + 2) * sizeof(float)),
                       .sum = malloc((n + 1) * sizeof(double))};
    for (int i = 0; i < n + 2; i++)
        w.src[i] = (float)(i % 7) - 2.5f;
#pragma ferry isolate
    for (int i = 0; i < w.n; i++)
        w.sum[i] = w.src[i] + w.src[i + 1 + w.skip];
    double s = 0;
    for (int i = 0; i < n; i++)
        s += w.sum[i] * (i % 3 + 1);
    printf("%.2f\n", s);
    free(w.src);
    free(w.sum);
    return 0;
}
