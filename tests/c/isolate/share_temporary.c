// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=80
// ferry-test: run 0 => to=0 from=0
// A temporary passed from one isolated statement to the next on the device:
// it is never loaded, and never stored, since nothing on the host reads it
// after the second (the store after the last user is cut to what is live).
// First: n, read only, passed by value -> 0; x: IN [0,n-1] -> 8n; t: W [0,n-1] exact.
// Second: n -> 0; t on the device; y: W [0,n-1] exact -> 8n.
// n=10: to 80, from 80.  n=0: to 0, from 0.
// Each on its own: t stored by the first (the second reads it) and loaded
// by the second: to 8n+8n, from 8n+8n.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double x[16], t[16], y[16];
    for (int i = 0; i < 16; i++) {
        x[i] = i * 0.75 - 2;
        t[i] = y[i] = -1;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        t[i] = x[i] * x[i];
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        y[i] = t[i] + 1;
    for (int i = 0; i < 16; i++)
        printf("%g\n", y[i]);
    return 0;
}
