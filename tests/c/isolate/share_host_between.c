// ferry-test: isolate --pragma
// ferry-test: run 10 => to=160 from=240
// ferry-test: run 1 => to=16 from=24
// Host code between statements that share buffers: a host read of y has y
// stored before it; a host write of x has x loaded again after it.
// First: n, read only, passed by value -> 0; x: IN [0,n-1] -> 8n; y: W [0,n-1] exact.
// printf reads y: y stored (W ∩ OUT = [0,n-1]) -> 8n.
// Second: n -> 0; x and y on the device (x loaded by the first, y
// written by it); y: W [0,n-1] exact.
// x[0] = 100 writes x on the host: the device's x is stale.
// Third: n -> 0; x: IN [0,n-1] loaded again -> 8n; y on the device; z: W
// [0,n-1] exact -> 8n.  After it y goes back (printed) -> 8n.
// n=10: to 80+80 = 160, from 80+80+80 = 240.
// n=1: to 8+8 = 16, from 8+8+8 = 24.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double x[16], y[16], z[16];
    for (int i = 0; i < 16; i++) {
        x[i] = i - 4.5;
        y[i] = z[i] = -1;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 3;
    printf("%g\n", y[n / 2]);
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = y[i] + x[i];
    x[0] = 100;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        z[i] = x[i] + y[i];
    for (int i = 0; i < 16; i++)
        printf("%g %g %g\n", x[i], y[i], z[i]);
    return 0;
}
