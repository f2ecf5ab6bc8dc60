// ferry-test: isolate --pragma
// ferry-test: run 100 => to=0 from=800
// ferry-test: run 5 => to=0 from=40
// A pointer walk, C89 style: p declared at the top of the function, set
// by the isolated loop, dead after it. ferry analyses p as the index
// p - a (hcfg/src/pointer_walks.rs): the loop writes a[0..n-1], exactly,
// and reads nothing of a. Inside, p walks the device copy.
// a: W [0, n-1] exact, IN empty -> store 8n, load 0.
#include <stdio.h>
#include <stdlib.h>

static void fill(double *a, int n)
{
    double *p;
#pragma ferry isolate
    for (p = a; p < a + n; p++)
        *p = 2.0 * (p - a) + 1;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    double *a = malloc((n + 1) * sizeof *a);
    if (!a)
        return 1;
    a[n] = -1;
    fill(a, n);
    double s = 0;
    for (int i = 0; i <= n; i++)
        s += a[i] * (i % 3);
    printf("%.1f\n", s);
    free(a);
    return 0;
}
