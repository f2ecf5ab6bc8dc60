// ferry-test: isolate --pragma
// ferry-test: run 10 => to=264 from=240
// The loop's own test reads a, which the device writes: a cannot leave
// the loop (the test would read stale values); b can.
// First: n -> 4; a: IN [0,n-1]; b: W [0,n-1] exact.
// Second: n -> 4; b: IN [0,n-1], surely written by the first; a: W
// [0,n-1] exact.
// a, in every step, shared by the two statements: loaded by the first ->
// 8n; stored after the second -> 8n, before the test.
// b, around the loop: loads nothing; dead after the loop, never stored.
// a[0]: 0 -> 1.65 -> 3.465 -> 5.4615: three steps. Each: 8n + 8 in, 8n out.
// n=10: to 3*88 = 264, from 3*80 = 240.
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
