// ferry-test: isolate --pragma
// ferry-test: run 10 2 3 => to=80 from=432
// ferry-test: run 4 1 1 => to=32 from=24
// ferry-test: run 10 0 3 => to=0 from=0
// ferry-test: run 10 2 0 => to=0 from=0
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 2 3 => to=480 from=432
// The host reads a in every step, before and after the marked statement,
// and between the sweeps, but never writes it: the device's copy stays
// current from one step to the next, and across the sweeps. a is loaded
// once, at the top of the first step of the first sweep, and stored in
// every step (the host reads it next).
// The statement: n (read only, passed by value: 0); a: IN [0,n-1], W [1,n-1] exact.
// Load: [0,n-1] -> 8n, once. Store after it: [1,n-1] -> 8(n-1).
// R sweeps of T steps: to = 8n, from = 8(n-1)RT.
// 10 2 3: 80, 72*6 = 432.  4 1 1: 32, 24.
// No sweep, or no step: nothing moves.
// Without the optimisation every step loads [0,n-1]:
// 10 2 3: 6*80 = 480.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), sweeps = atoi(argv[2]), steps = atoi(argv[3]);
    double a[16];
    double s = 0.0;
    for (int i = 0; i < 16; i++)
        a[i] = i * 0.25 - 1.0;
    for (int r = 0; r < sweeps; r++) {
        for (int t = 0; t < steps; t++) {
            s += a[n - 1];
#pragma ferry isolate
            for (int i = 1; i < n; i++)
                a[i] = a[i] * 0.5 + a[0];
            s += 0.5 * a[1];
        }
        s *= a[n / 2];
    }
    printf("%.9f\n", s);
    for (int i = 0; i < 16; i++)
        printf("%g\n", a[i]);
    return 0;
}
