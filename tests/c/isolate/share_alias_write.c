// ferry-test: isolate --pragma
// ferry-test: run 10 => to=160 from=160
// Host code writes y through a pointer between two statements that share
// y: the effects analysis sees p point to y, so y is stored before the
// write and loaded again after it.
// First: n, read only, passed by value -> 0; x: IN [0,n-1] -> 8n; y: W [0,n-1] exact.
// p[2] = 5 writes y: y stored first (W ∩ OUT = [0,n-1]) -> 8n.
// Second: n -> 0; y: IN [0,n-1] loaded again -> 8n; z: W [0,n-1] -> 8n.
// n=10: to 80+80 = 160, from 80+80 = 160.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double x[16], y[16], z[16];
    double *p = y;
    for (int i = 0; i < 16; i++) {
        x[i] = i + 0.25;
        y[i] = z[i] = -1;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = x[i] + 1;
    p[2] = 5;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        z[i] = y[i] * 2;
    for (int i = 0; i < 16; i++)
        printf("%g %g\n", y[i], z[i]);
    return 0;
}
