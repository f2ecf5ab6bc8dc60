// ferry-test: isolate --pragma
// ferry-test: run 10 3 => to=312 from=312
// The loop writes m, which the sets are written in: they differ from one
// step to the next, and from one statement to the next, so neither array
// leaves the loop, and the two statements share nothing (share_bounds_
// change.c has the sequence alone).
// First (m = m0): m, read only, passed by value -> 0; a: IN [0,m0-1] -> 8m0; b: W [0,m0-1] exact,
// read by the second -> stored 8m0.
// Second (m = m0+1): m -> 0; b: IN [0,m0] -> 8(m0+1); a: W [0,m0] exact
// -> stored 8(m0+1).
// A step: to 8m0 + 8(m0+1) = 16m0 + 8, from 16m0 + 8; m0 = n/2
// + step.
// n=10, 3 steps (m0 = 5, 6, 7): to 88+104+120 = 312, from 88+104+120 =
// 312.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    double a[16], b[16];
    for (int i = 0; i < 16; i++) {
        a[i] = i * 0.25;
        b[i] = -1;
    }
    int m = n / 2;
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 0; i < m; i++)
            b[i] = a[i] * 0.5;
        m = m + 1;
#pragma ferry isolate
        for (int i = 0; i < m; i++)
            a[i] = b[i] + 1;
    }
    for (int i = 0; i < 16; i++)
        printf("%g %g\n", a[i], b[i]);
    return 0;
}
