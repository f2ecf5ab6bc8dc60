// ferry-test: isolate --label kernel
// ferry-test: run 20 => to=160 from=160
// ferry-test: run 0 => to=0 from=0
// An enumeration constant (`K`) that a block declares again with another value: device code,
// which gets the constants' values, does not look for which one a name means where, so the
// kernel that uses `K` is refused (offload::REFUSED); on the host the statement is isolated as any
// other. x: RW [0,n-1], 8n bytes each way.
#include <stdio.h>
#include <stdlib.h>

enum { K = 3 };

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0)
        n = 0;
    double *x = malloc(sizeof(double) * (n + 1));
    if (!x)
        return 1;
    {
        enum { K = 5 };
        for (int i = 0; i < n; i++)
            x[i] = i * K;
    }
kernel:
    for (int i = 0; i < n; i++)
        x[i] = x[i] / K;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += x[i] * (i + 1);
    printf("shadowed enumerator %d: %.6f\n", n, sum);
    free(x);
    return 0;
}
