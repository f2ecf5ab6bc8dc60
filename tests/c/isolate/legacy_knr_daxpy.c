// ferry-test: isolate --function daxpy
// ferry-test: run 100 => to=1600 from=800
// ferry-test: run 1 => to=16 from=8
// ferry-test: run 0 => to=0 from=0
// K&R C as legacy code has it: old-style parameter declarations, implicit
// int return types (daxpy returns nothing), `main(argc, argv)`.
// n and a read only, passed by value -> 0. x read [0, n-1] -> 8n in; y read
// and written [0, n-1] exactly -> 8n in, 8n back (main reads it).
// to = 16n, from = 8n: 100 -> 1600 / 800; 1 -> 16 / 8; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

daxpy(n, a, x, y)
int n;
double a;
double *x, *y;
{
    int i;
    for (i = 0; i < n; i++)
        y[i] = y[i] + a * x[i];
}

main(argc, argv)
int argc;
char **argv;
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
    int i;
    for (i = 0; i < n; i++) {
        x[i] = i % 13;
        y[i] = i % 7;
    }
    daxpy(n, 3.0, x, y);
    double s = 0;
    for (i = 0; i < n; i++)
        s += y[i] * (i % 3 + 1);
    printf("%.1f\n", s);
    return 0;
}
