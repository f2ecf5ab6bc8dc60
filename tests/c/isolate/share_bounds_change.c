// ferry-test: isolate --pragma
// ferry-test: run 10 => to=144 from=144
// ferry-test: run 3 => to=32 from=32
// n changes between two statements that use y: their regions of y are in
// terms of different values of n and cannot be compared, so each keeps its
// own buffer and transfers.
// First: n, read only, passed by value -> 0; x: IN [0,n-1] -> 8n; y: W [0,n-1] exact, stored -> 8n.
// Second (n' = n-2): n -> 0; y: IN [0,n'-1] -> 8n'; z: W [0,n'-1] -> 8n'.
// n=10: to 80+64 = 144, from 80+64 = 144.  n=3: to 24+8 = 32, from 24+8 = 32.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double x[16], y[16], z[16];
    for (int i = 0; i < 16; i++) {
        x[i] = i * 1.5;
        y[i] = z[i] = -1;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 2;
    n = n - 2;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        z[i] = y[i] + 1;
    for (int i = 0; i < 16; i++)
        printf("%g %g\n", y[i], z[i]);
    return 0;
}
