// ferry-test: isolate --function work
// ferry-test: run 4 => to=64 from=64
// ferry-test: run 7 => to=112 from=112
// work passes b to accumulate twice in its second call: both of
// accumulate's arrays are then one buffer. Offloaded, accumulate stays on
// the host and launches its loop as a kernel over the buffers it is given,
// so that kernel must not take its two buffers as `restrict` (a compiler
// may then load x[i] before y[i] is stored: 3b instead of 4b).
// work reads and writes all of a and b: n doubles each way per array
// (n by value). 4: 2 * 32 = 64 / 64.  7: 2 * 56 = 112 / 112.
#include <stdio.h>
#include <stdlib.h>

static void accumulate(int n, double x[n], double y[n])
{
    for (int i = 0; i < n; i++) {
        y[i] = 2 * y[i];
        x[i] = x[i] + y[i];
    }
}

static void work(int n, double a[n], double b[n])
{
    accumulate(n, a, b);
    accumulate(n, b, b);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = i + 1;
        b[i] = 3 * i - 1;
    }
    work(n, a, b);
    for (int i = 0; i < n; i++)
        printf("%d: %g %g\n", i, a[i], b[i]);
    free(a);
    free(b);
    return 0;
}
