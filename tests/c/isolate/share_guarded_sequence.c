// ferry-test: isolate --pragma
// ferry-test: run 10 1 => to=232 from=328
// ferry-test: run 10 0 => to=152 from=168
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 10 1 => to=480 from=408
// Three marked statements in a row, the middle one under an `if`: they
// share one buffer per array. The guarded statement may not run, so it
// loads what the device lacks itself, inside its branch, and stores what
// it writes right after itself, unless the device holds that box current
// whether it runs or not (then the store waits with the others); what it
// surely writes does not count as on the device for the third.
// First: n (read only, passed by value: 0); x: IN [0,n-1] -> 8n; y: W [0,n-1] exact; q: W {0}.
// Guarded (when c): n (0); y: IN [0,n-1] on the device, W [0,n-1], its
// store waits (y is current on the device either way); u: IN [0,n-1] ->
// 8n; w, q: W [0,n-1] exact, stored after it (q's box is not on the
// device unless it runs) -> 16n.
// Third: n (0); x, y on the device; q: IN [0,n-1], the device holds q[0]
// (the first wrote it): [1,n-1] loaded -> 8(n-1), after q[0] is stored
// (the guarded statement may have written the box on the device) -> 8;
// z: W [0,n-1].
// After the third: y and z stored -> 16n.
// 10 1: to = 80 + 80 + 72 = 232, from = 8 + 160 + 160 = 328.
// 10 0: to = 80 + 72 = 152, from = 8 + 160 = 168.
// Without the optimisation: first x in (80), y, q[0] out (88);
// guarded y, u in (160), y, w, q out (240); third x, y, q in
// (240), z out (80): 10 1: 480, 408.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), c = atoi(argv[2]);
    double x[16], y[16], z[16], u[16], w[16], q[16];
    for (int i = 0; i < 16; i++) {
        x[i] = i - 4.5;
        u[i] = i * 0.25;
        y[i] = z[i] = w[i] = q[i] = -1;
    }
#pragma ferry isolate
    {
        q[0] = 0.5;
        for (int i = 0; i < n; i++)
            y[i] = x[i] * 3;
    }
    if (c) {
#pragma ferry isolate
        for (int i = 0; i < n; i++) {
            y[i] = y[i] + u[i];
            w[i] = 2 * u[i];
            q[i] = u[i] - 1;
        }
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        z[i] = x[i] + y[i] + q[i];
    for (int i = 0; i < 16; i++)
        printf("%g %g %g %g %g\n", x[i], y[i], z[i], w[i], q[i]);
    return 0;
}
