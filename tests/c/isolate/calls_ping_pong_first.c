// ferry-test: isolate --function sweep
// ferry-test: run 200 1 3 1 => to=3200 from=3168 hull=4
// ferry-test: run 200 1 2 1 => to=3200 from=3168 hull=4
// ferry-test: run 200 1 4 0 => to=3200 from=3168 hull=4
// ferry-test: run 200 0 3 1 => to=3200 from=3168 hull=4
// ferry-test: run 200 5 3 0 => to=0 from=0
// The ping-pong of calls_ping_pong.c from a first step read on the command
// line: which call the first step makes is unknown, so neither counts as
// surely writing its destination there, and both grids are loaded whole
// (each call's store box), as calls_ping_pong.c explains: 1600 + 1600
// bytes; n, read only, is passed by value to each call (0). In the shifted loop, `start` is the
// loop's lower bound and the body writes it before the test (start = t + 1
// there): the bound evaluated in the body no longer names the first step
// (t == start holds in no step), and taking it for one would make both
// calls surely run first; then from start = 1, b would be loaded as its
// rim only, and the odd step would read b's inside as poison. The first
// step is trusted only where the loop leaves the lower bound's variables
// alone. After the loop, both insides: 2 * 198 * 8 = 3168.
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, double src[n], double dst[n])
{
    for (int i = 1; i < n - 1; i++)
        dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), start = atoi(argv[2]), steps = atoi(argv[3]);
    int shifted = atoi(argv[4]);
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!a || !b || n < 3)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = (i % 4) * 1.5;
        b[i] = i == 0 || i == n - 1 ? 1.0 : -7.0;
    }
    if (shifted) {
        for (int t = start; t < steps; t++) {
            start = t + 1;
            if (t % 2 == 0)
                sweep(n, a, b);
            else
                sweep(n, b, a);
        }
    } else {
        for (int t = start; t < steps; t++) {
            if (t % 2 == 0)
                sweep(n, a, b);
            else
                sweep(n, b, a);
        }
    }
    for (int i = 0; i < n; i++)
        printf("%g %g\n", a[i], b[i]);
    free(a);
    free(b);
    return 0;
}
