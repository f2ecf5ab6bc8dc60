// ferry-test: isolate --pragma
// ferry-test: run 3 => to=64 from=64
// ferry-test: run 1 => to=64 from=64
// ferry-test: run 0 => to=0 from=0
// Heap blocks allocated into different pointers are different objects to
// the effects too: the host writes b every step, which does not touch a,
// so a leaves the time loop (loaded once in the first step, stored once
// after the loop). Were every heap block one location, b's writes would
// keep a in the loop: loaded and stored every step (steps=3: to=192,
// from=192). n is read only, passed by value (0 bytes).
// steps=3: to = 64, from = 64. steps=1: 64 / 64. steps=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int steps = atoi(argv[1]);
    int n = 8;
    double *a = malloc(8 * sizeof *a);
    double *b = malloc(8 * sizeof *b);
    if (!a || !b)
        return 1;
    for (int i = 0; i < 8; i++) {
        a[i] = i - 3.5;
        b[i] = 2.0 * i;
    }
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            a[i] = a[i] * 0.5 + 1.0;
        b[t % 8] += 1.0;
    }
    for (int i = 0; i < 8; i++)
        printf("%.17g %.17g\n", a[i], b[i]);
    free(a);
    free(b);
    return 0;
}
