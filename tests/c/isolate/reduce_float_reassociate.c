// ferry-test: isolate --label kernel --reassociate
// ferry-test: run 1000 => to=16016 from=16
// ferry-test: run 1 => to=32 from=16
// ferry-test: run 0 => to=16 from=16
// A convergence test's double sum and a float product, parallel reductions
// under --reassociate (the user accepts results that differ in the last
// bits). The values are multiples of 1/8 and powers of two, so that here
// every order gives the same bits and the runs compare byte for byte.
// n: read only, passed by value: 0.  x, y: R [0,n-1] double -> 16n.  diff (8), scale (4),
// peak (4): read and written -> 16 each way.  to = 16 + 16n: n=1000: 16016; n=1: 32; n=0: 16.
// from = 16.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double *x = malloc((n + 1) * sizeof(double));
    double *y = malloc((n + 1) * sizeof(double));
    for (int i = 0; i < n; i++) {
        x[i] = (i % 17) * 0.125;
        y[i] = (i % 5) * 0.25;
    }
    double diff = 0.5;
    float scale = 1.0f;
    int peak = -1;
kernel:
    for (int i = 0; i < n; i++) {
        diff += x[i] > y[i] ? x[i] - y[i] : y[i] - x[i];
        if (i % 100 == 0)
            scale *= 2.0f;
        if ((int)x[i] > peak)
            peak = (int)x[i];
    }
    printf("diff=%.17g scale=%.9g peak=%d\n", diff, scale, peak);
    free(x);
    free(y);
    return 0;
}
