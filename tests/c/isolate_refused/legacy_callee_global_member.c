// ferry-test: isolate --pragma
// ferry-test: refuse accesses a field of the global `cfg`
// A function the isolated loop calls reads a member of a global
// structure (`cfg.gain`): clones receive globals as parameters by value
// or as device arrays, not members of structures, so the call is refused
// (naming the callee and the structure) rather than reading host memory
// on the device.
#include <stdio.h>
#include <stdlib.h>

struct config {
    int n;
    float gain;
} cfg;

static float amplify(float v)
{
    return v * cfg.gain;
}

int main(int argc, char **argv)
{
    cfg.n = argc > 1 ? atoi(argv[1]) : 8;
    cfg.gain = 2.0f;
    float *x = malloc((cfg.n + 1) * sizeof *x);
    for (int k = 0; k < cfg.n; k++)
        x[k] = (float)k;
#pragma ferry isolate
    for (int i = 0; i < cfg.n; i++)
        x[i] = amplify(x[i]);
    printf("%.1f\n", x[cfg.n - 1]);
    free(x);
    return 0;
}
