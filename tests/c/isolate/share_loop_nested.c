// ferry-test: isolate --pragma
// ferry-test: run 10 2 3 => to=208 from=64
// ferry-test: run 10 2 0 => to=0 from=0
// ferry-test: run 10 0 3 => to=0 from=0
// Arrays leave the loops around their users as far as the host leaves
// them alone: a and b leave both loops; c, which the outer loop's body
// writes on the host, leaves only the inner one.
// First: n, read only, passed by value -> 0; a: IN [0,n-1]; c: IN [1,n-2]; b: W [1,n-2] exact.
// Second: n -> 0; b: IN [1,n-2], written by the first; a: W [1,n-2]
// exact.
// a: loaded once, the first time the inner loop runs -> 8n; stored after
// the outer loop -> 8(n-2). b: needs nothing; dead afterwards.
// c: loaded the first time the inner loop runs in each round -> 8(n-2);
// never written on the device.
// Every step: no bytes of scalars (n by value).
// n=10, 2 rounds of 3 steps: to 80 + 2*64 = 208, from 64.
// No step in a round, or no round: the users never run, nothing moves.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int rounds = atoi(argv[2]);
    int steps = atoi(argv[3]);
    double a[32], b[32], c[32];
    for (int i = 0; i < 32; i++) {
        a[i] = i * 0.5 - 3;
        b[i] = -1;
        c[i] = i % 3;
    }
    for (int r = 0; r < rounds; r++) {
        c[r + 1] += 1;
        for (int t = 0; t < steps; t++) {
#pragma ferry isolate
            for (int i = 1; i < n - 1; i++)
                b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3 + c[i];
#pragma ferry isolate
            for (int i = 1; i < n - 1; i++)
                a[i] = b[i] * 0.5;
        }
    }
    for (int i = 0; i < 32; i++)
        printf("%g %g\n", a[i], c[i]);
    return 0;
}
