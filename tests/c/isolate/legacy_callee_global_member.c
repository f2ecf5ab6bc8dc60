// ferry-test: isolate --pragma
// ferry-test: run 8 => to=32 from=4
// ferry-test: run 1 => to=4 from=4
// ferry-test: run 0 => to=0 from=0
// Functions the isolated loop calls read members of a global structure
// that every function uses member by member (`cfg.gain`, and `cfg.bias`
// two calls down): each member is a global scalar of its own, which the
// clones take by value as an extra parameter, passed along the calls.
// The loop reads x[0, n-1] and writes it; main prints x[n-1] only.
// to = 4n (x), from = 4 (x[n-1]); the members go by value (0 bytes):
// 8 -> 32 / 4; 1 -> 4 / 4; 0 -> nothing (the loop does not run).
#include <stdio.h>
#include <stdlib.h>

struct config {
    int n;
    float gain;
    float bias;
} cfg;

static float offset(float v)
{
    return v + cfg.bias;
}

static float amplify(float v)
{
    return offset(v * cfg.gain);
}

int main(int argc, char **argv)
{
    cfg.n = argc > 1 ? atoi(argv[1]) : 8;
    cfg.gain = 2.0f;
    cfg.bias = 0.5f;
    float *x = malloc((cfg.n + 1) * sizeof *x);
    for (int k = 0; k < cfg.n; k++)
        x[k] = (float)k;
#pragma ferry isolate
    for (int i = 0; i < cfg.n; i++)
        x[i] = amplify(x[i]);
    if (cfg.n > 0)
        printf("%.1f\n", x[cfg.n - 1]);
    free(x);
    return 0;
}
