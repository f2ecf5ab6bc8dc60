// ferry-test: isolate --function sweep
// ferry-test: run 10 3 => to=160 from=128
// ferry-test: run 10 0 => to=0 from=0
// calls_ping_pong.c with the `if` as the loop's whole body, no braces:
// the same transfers (a and b loaded once, stored after the loop; n
// read only, passed by value to each call).
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, double src[n], double dst[n])
{
    for (int i = 1; i < n - 1; i++)
        dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = (i % 4) * 1.5;
        b[i] = i == 0 || i == n - 1 ? 1.0 : -7.0;
    }
    for (int t = 0; t < steps; t++)
        if (t % 2 == 0)
            sweep(n, a, b);
        else
            sweep(n, b, a);
    for (int i = 0; i < n; i++)
        printf("%g %g\n", a[i], b[i]);
    free(a);
    free(b);
    return 0;
}
