// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=80 from=8
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=8
// A scalar surely written and never read (mean): stored only; the accumulator s is local.
// n: read only, passed by value, 0.  a: R [0,n-1] double -> 8n.  mean: W exact, not read -> store 8, no load.
// to = 8n, from = 8.  n=10: 80 / 8; n=1: 8 / 8; n=0: 0 / 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[16];
    double mean = -123.0;
    for (int i = 0; i < 16; i++)
        a[i] = 1.0 / (i + 1);
kernel: {
        double s = 0.0;
        for (int i = 0; i < n; i++)
            s += a[i];
        mean = n > 0 ? s / n : 0.0;
    }
    printf("mean=%.17g\n", mean);
    return 0;
}
