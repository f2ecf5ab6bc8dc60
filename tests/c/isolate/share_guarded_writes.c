// ferry-test: isolate --pragma
// ferry-test: run 8 3 1 => to=192 from=192
// ferry-test: run 8 3 -1 => to=192 from=192
// ferry-test: run 8 0 1 => to=0 from=0
// A marked statement under an `if` in a time loop, one after it: x, y
// and z leave the loop, the guarded statement's arrays included. The
// guarded statement may not run (with `when` = -1 it never does, and y
// and z keep the host's values): its store box is loaded all the same,
// because it is stored after the loop whether the statement ran or not.
// (What it surely writes does not count as on the device for the
// statement after it either; here its store box holds that already.)
// Guarded: n (read only, passed by value: 0); x: IN [0,n-1]; y, z: W [0,n-1] exact.
// After it: n (0); x: IN [0,n-1], W [0,n-1]; y: IN [0,n-1].
// Loads at the top of the first step: x, y and z [0,n-1] -> 3*8n.
// After the loop: x, y, z [0,n-1] -> 3*8n. n by value with every run.
// 8 3 1: to = 192, from = 192. 8 3 -1: 192.
// No step: nothing moves.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]), when = atoi(argv[3]);
    double x[16], y[16], z[16];
    for (int i = 0; i < 16; i++) {
        x[i] = i * 0.5;
        y[i] = 16 - i;
        z[i] = -1.0;
    }
    for (int t = 0; t < steps; t++) {
        if (t == when) {
#pragma ferry isolate
            for (int i = 0; i < n; i++) {
                y[i] = x[i] * 2;
                z[i] = x[i] - 1;
            }
        }
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            x[i] = x[i] + y[i];
    }
    for (int i = 0; i < 16; i++)
        printf("%g %g %g\n", x[i], y[i], z[i]);
    return 0;
}
