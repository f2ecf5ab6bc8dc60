// ferry-test: isolate --pragma
// ferry-test: run 10 3 => to=240 from=216
// The host writes a[0] in every step, which the marked statement reads:
// the device's copy goes stale, so a cannot be loaded once for the whole
// loop (as it would be were the host only reading it); it is loaded in
// every step.
// The statement: n (read only, passed by value: 0); a: IN [0,n-1], W [1,n-1] exact.
// Each step: 8n in, 8(n-1) out.  10 3: 3*80 = 240, 3*72 = 216.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double a[16];
    double s = 0.0;
    for (int i = 0; i < 16; i++)
        a[i] = i * 0.25 - 1.0;
    for (int t = 0; t < steps; t++) {
        a[0] = t + 0.5;
#pragma ferry isolate
        for (int i = 1; i < n; i++)
            a[i] = a[i] * 0.5 + a[0];
        s += a[n - 1];
    }
    printf("%.9f\n", s);
    for (int i = 0; i < 16; i++)
        printf("%g\n", a[i]);
    return 0;
}
