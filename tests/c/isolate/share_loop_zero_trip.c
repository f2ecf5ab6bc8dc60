// ferry-test: isolate --pragma
// ferry-test: run 10 2 => to=80 from=128
// ferry-test: run 10 0 => to=0 from=0
// The arrays exist only when the loop runs: with no step, a and b are
// null and the original never touches them. The loads shared across the
// steps are made in the first step, not before the loop, and the stores
// after it only when it ran, so the transformed program touches nothing
// either (loading before the loop would read through a null pointer).
// Sets as in share_loop_steps.c; b is a pointer parameter here, whose
// elements the caller may read after the call, so b counts as live after
// the loop: stored [1,n-2] -> 8(n-2). n and shift are read only, passed
// by value (0 bytes).
// n=10, 2 steps: to 80, from 64 + 64 = 128.
#include <stdio.h>
#include <stdlib.h>

static void smooth(int n, int steps, double *a, double *b)
{
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
        double shift = t * 0.25;
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            a[i] = b[i] + shift;
    }
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    double *a = NULL, *b = NULL;
    if (steps > 0) {
        a = malloc(sizeof(double[n]));
        b = malloc(sizeof(double[n]));
        if (!a || !b)
            return 1;
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5 - 3;
            b[i] = -1;
        }
    }
    smooth(n, steps, a, b);
    if (a)
        for (int i = 0; i < n; i++)
            printf("%g %g\n", a[i], b[i]);
    free(a);
    free(b);
    return 0;
}
