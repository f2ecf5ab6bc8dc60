// ferry-test: isolate --label kernel
// ferry-test: run 1000 => to=12040 from=40
// ferry-test: run 1 => to=52 from=40
// ferry-test: run 0 => to=40 from=40
// Scalar reductions in one parallel loop: an integer sum, an unsigned
// product (modular), a double minimum (`if`) and maximum (`?:`), an
// unsigned exclusive or, and a count (`++` under a test). On a device each
// work-group combines its work-items as a tree, the launcher the groups:
// integers in any order give the sequential result, and a floating-point
// minimum or maximum taken on a strict comparison keeps the earlier value
// on ties as the loop does.
// n: read only, passed by value: 0.  a: R [0,n-1] int -> 4n.  x: R [0,n-1] double -> 8n.
// sum, prod, lo, hi (8 each), mix, positive (4 each): read and written -> 40 each way.
// to = 40 + 12n: n=1000: 12040; n=1: 52; n=0: 40. from = 40.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int *a = malloc((n + 1) * sizeof(int));
    double *x = malloc((n + 1) * sizeof(double));
    for (int i = 0; i < n; i++) {
        a[i] = (i * 7919) % 1013 - 500;
        x[i] = (i % 37 == 5) ? -0.0 : ((i * 104729) % 2003) / 17.0 - 40.0;
    }
    long sum = 7;
    unsigned long prod = 3;
    double lo = 1e300, hi = -1e300;
    unsigned mix = 0x9e3779b9u;
    int positive = 0;
kernel:
    for (int i = 0; i < n; i++) {
        sum += a[i];
        prod = prod * (unsigned long)(a[i] | 1);
        if (x[i] < lo)
            lo = x[i];
        hi = x[i] > hi ? x[i] : hi;
        mix ^= (unsigned)a[i] * 2654435761u;
        if (x[i] > 0.0)
            positive++;
    }
    printf("sum=%ld prod=%lu lo=%.17g hi=%.17g mix=%u positive=%d\n", sum, prod, lo, hi, mix,
           positive);
    free(a);
    free(x);
    return 0;
}
