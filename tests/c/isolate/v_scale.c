// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=80 from=80
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 100 => to=800 from=800
/* A one-dimensional loop over a prefix of two arrays, isolated by label.
 * n (int) and c (double) are read only, passed by value (0 bytes).
 * Load: a[0..n-1]; store: b[0..n-1], surely written, so never loaded. The loop index is the statement's own. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1 || n > 100)
        return 2;
    double a[100], b[100];
    double c = 0.25;
    for (int i = 0; i < 100; i++) {
        a[i] = i * 1.5;
        b[i] = -1;
    }
kernel:
    for (int i = 0; i < n; i++)
        b[i] = 2 * a[i] + c;
    /* Every element: the ones past n must keep their value. */
    for (int i = 0; i < 100; i++)
        printf("%g\n", b[i]);
    return 0;
}
