// ferry-test: isolate --pragma
// ferry-test: run 10 3 => to=80 from=64
// ferry-test: run 10 1 => to=80 from=64
// ferry-test: run 10 0 => to=0 from=0
// Two statements in a time loop share their buffers across the steps:
// nothing on the host touches a or b inside the loop, and the bounds (n)
// do not change, so a is loaded once, in the first step, and stored once,
// after the loop; b lives on the device only.
// First: n, read only, passed by value -> 0; a: IN [0,n-1]; b: W [1,n-2] exact.
// Host: shift, a scalar of the step.
// Second: n, shift, read only, passed by value -> 0; b: IN [1,n-2], all written by the first;
// a: W [1,n-2] exact.
// Around the loop: a loads [0,n-1] - nothing earlier -> 8n; b loads
// nothing (the first's need is empty, the second's is surely written by
// the first). After it: a [1,n-2] is printed -> 8(n-2); b is dead.
// Every step: no bytes of scalars (all passed by value).
// n=10, 3 steps: to 80, from 64.
// n=10, 1 step: to 80, from 64.
// No step: nothing moves (the loads are made in the first step).
// Each statement alone would move, per step, 80 in and 64 out for the
// first (b live: the second reads it), 64 in and 64 out for the
// second: 144 in, 128 out.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    double a[32], b[32];
    for (int i = 0; i < 32; i++) {
        a[i] = i * 0.5 - 3;
        b[i] = -1;
    }
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
        double shift = t * 0.25;
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            a[i] = b[i] + shift;
    }
    for (int i = 0; i < 32; i++)
        printf("%g\n", a[i]);
    return 0;
}
