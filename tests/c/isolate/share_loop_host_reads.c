// ferry-test: isolate --pragma
// ferry-test: run 3 => to=128 from=64
// ferry-test: run 1 => to=128 from=64
// ferry-test: run 0 => to=0 from=0
// An array the isolated statements only read leaves the loop even though
// the host reads it there too: neither side changes it while the loop
// runs, so the host's copy and the device's stay equal. a is read by the
// marked loop and by the host every step; b is read and written by the
// marked loop only. Both leave the time loop: loaded once, at the top of
// the first step, b stored once after the loop; n is read only, passed
// by value (0 bytes).
// steps=3: to = 64 (a) + 64 (b) = 128, from = 64 (b).
// steps=1: to = 128, from = 64. steps=0: nothing moves.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int steps = atoi(argv[1]);
    int n = 8;
    double a[8], b[8];
    double s = 0.0;
    for (int i = 0; i < 8; i++) {
        a[i] = i * 0.75 - 2.0;
        b[i] = 1.0 / (i + 1);
    }
    for (int t = 0; t < steps; t++) {
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            b[i] = b[i] * 0.5 + a[i];
        s += a[t % 8];
    }
    for (int i = 0; i < 8; i++)
        printf("%.17g\n", b[i]);
    printf("%.17g\n", s);
    return 0;
}
