// ferry-test: isolate --pragma
// ferry-test: run 10 1 => to=304 from=208
// ferry-test: run 10 0 => to=224 from=144
// A guarded statement whose load's box reaches values the device holds
// newer than the host: the first statement wrote a's inside, the guarded
// one reads a's rim too, loaded as the box [0,n-1]. The first's store is
// made before the `if` (after the first statement), so the box brings
// back current values.
// First: n (read only, passed by value: 0); x: IN [1,n-2] -> 8(n-2); a: W [1,n-2] exact.
// Guarded (when c): n (0); a: IN [0,n-1], the device holds [1,n-2]: the
// missing {0,n-1} as their box [0,n-1] -> 8n, after a [1,n-2] is stored
// -> 8(n-2); b: W [1,n-2], stored after it -> 8(n-2).
// Third: n (0); a: IN [0,n-1], the device surely holds only [1,n-2] (the
// guarded statement may not have run): [0,n-1] again -> 8n; b: IN
// [0,n-1], its own (a run does not start with a guarded statement) ->
// 8n; z: W [0,n-1], its own -> 8n out.
// 10 1: to = 64 + 80 + 160 = 304, from = 64 + 64 + 80 = 208.
// 10 0: to = 64 + 160 = 224, from = 64 (a, before the third: its load
// box reaches the inside) + 80 = 144.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), c = atoi(argv[2]);
    double x[16], a[16], b[16], z[16];
    for (int i = 0; i < 16; i++) {
        x[i] = i * 0.5 - 2;
        a[i] = 10 + i;
        b[i] = z[i] = -1;
    }
#pragma ferry isolate
    for (int i = 1; i < n - 1; i++)
        a[i] = x[i] * 2;
    if (c) {
#pragma ferry isolate
        for (int i = 1; i < n - 1; i++)
            b[i] = a[i - 1] + a[i + 1];
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        z[i] = a[i] + b[i];
    for (int i = 0; i < 16; i++)
        printf("%g %g %g\n", a[i], b[i], z[i]);
    return 0;
}
