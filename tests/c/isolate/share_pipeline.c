// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=152
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// Three isolated statements of one block share y's buffer (share.rs); host
// code between them touches neither x, y nor n.
// First: n, read only, passed by value -> 0; x: IN [0,n-1] -> 8n; y: W [0,n-1] exact.
// Second: n -> 0; y: IN [0,n-1], on the device already; W [0,n-1] exact.
// Third: n -> 0; y: IN [0,n-1] (n >= 2), on the device; z: W [1,n-1] exact -> 8(n-1).
// y is stored once, after the third: the first's store is overwritten by the
// second's sure write -> 8n.
// n=10: to 80, from 80+72 = 152.  n=1: to 8, from 8.
// n=0: to 0, from 0.
// Without sharing (--no-optimize-transfers): to 8n + 8n + 8n, from
// 8n + 8n + 8(n-1): n=10 240 / 232.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double x[32], y[32], z[32];
    int steps = 0;
    for (int i = 0; i < 32; i++) {
        x[i] = i * 0.5 - 3;
        y[i] = z[i] = -1;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = 2 * x[i] + 1;
    steps++;
    printf("step %d\n", steps);
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = y[i] * y[i];
    steps++;
#pragma ferry isolate
    for (int i = 1; i < n; i++)
        z[i] = y[i] - y[i - 1];
    printf("steps %d\n", steps);
    for (int i = 0; i < 32; i++)
        printf("%g %g\n", y[i], z[i]);
    return 0;
}
