// ferry-test: isolate --pragma
// ferry-test: run 9 => to=36 from=36
// ferry-test: run 1 => to=4 from=4
// ferry-test: run 0 => to=0 from=0
// A global configuration structure, set by one function and read by the
// loops of another, as legacy programs keep their options: every
// function uses `cfg` member by member, so each member is a global
// variable of its own (`cfg.n` bounds a counted loop; `cfg.scale` is a
// scalar the statement reads, by value).
// x read and written [0, n-1] -> 4n in, 4n back (main sums it).
// to = from = 4n: 9 -> 36; 1 -> 4; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

struct config {
    int n;
    float scale;
    int verbose;
} cfg;

static void configure(int n)
{
    cfg.n = n;
    cfg.scale = 1.5f;
    cfg.verbose = n > 100;
}

static void apply_scale(float *x)
{
#pragma ferry isolate
    for (int i = 0; i < cfg.n; i++)
        x[i] = x[i] * cfg.scale + 0.25f;
}

int main(int argc, char **argv)
{
    configure(argc > 1 ? atoi(argv[1]) : 10);
    if (cfg.n < 0 || cfg.n > 1000)
        return 2;
    float *x = malloc((cfg.n + 1) * sizeof *x);
    for (int k = 0; k < cfg.n; k++)
        x[k] = (float)(k % 6);
    apply_scale(x);
    float s = 0;
    for (int k = 0; k < cfg.n; k++)
        s += x[k];
    if (cfg.verbose)
        printf("n=%d\n", cfg.n);
    printf("%.2f\n", s);
    free(x);
    return 0;
}
