// ferry-test: isolate --pragma
// ferry-test: run 8 => to=48 from=32
// ferry-test: run 3 => to=24 from=12
// ferry-test: run 0 => to=0 from=0
// A function the isolated loop calls reads the heap block a pointer
// member of a global structure holds (`tab.coef`, assigned only a fresh
// block): the member is a global pointer of its own, whose block the
// clone receives as a device array with its offset, under a fresh name.
// The loop reads and writes x[0, n-1] and reads tab.coef[i % 4]:
// to = 4n (x) + 4 min(n, 4) (tab.coef), from = 4n (main sums x):
// 8 -> 32 + 16 / 32; 3 -> 12 + 12 / 12; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

struct table {
    int len;
    float *coef;
} tab;

static float apply(float v, int k)
{
    return v * tab.coef[k];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    if (n < 0 || n > 1000)
        return 2;
    tab.len = 4;
    tab.coef = malloc(4 * sizeof *tab.coef);
    for (int k = 0; k < 4; k++)
        tab.coef[k] = 0.5f * k + 1.0f;
    float *x = malloc((n + 1) * sizeof *x);
    for (int k = 0; k < n; k++)
        x[k] = (float)k;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        x[i] = apply(x[i], i % 4);
    float s = 0;
    for (int k = 0; k < n; k++)
        s += x[k];
    printf("%.1f\n", s);
    return 0;
}
