// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=240
// The loop's own test reads a, which the device writes: a cannot wait
// for the end of the loop to be stored (the test would read stale
// values), but the host only reads it, so the device's copy stays
// current from one step to the next: a is loaded once and stored in
// every step, before the test; b leaves the loop whole.
// First: n, read only, passed by value -> 0; a: IN [0,n-1]; b: W [0,n-1] exact.
// Second: n -> 0; b: IN [0,n-1], surely written by the first; a: W
// [0,n-1] exact.
// a: loaded at the top of the first step -> 8n; stored after the second
// statement in every step -> 8n.
// b, around the loop: loads nothing; dead after the loop, never stored.
// a[0]: 0 -> 1.65 -> 3.465 -> 5.4615: three steps.
// n=10: to 80, from 3*80 = 240.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[16], b[16];
    for (int i = 0; i < 16; i++) {
        a[i] = i;
        b[i] = -1;
    }
    int steps = 0;
    while (a[0] < 5.0) {
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            b[i] = a[i] + 1.5;
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            a[i] = b[i] * 1.1;
        steps++;
    }
    printf("%d steps\n", steps);
    for (int i = 0; i < 16; i++)
        printf("%g\n", a[i]);
    return 0;
}
