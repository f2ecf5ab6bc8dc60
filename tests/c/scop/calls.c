/* Calls in a SCoP: a function of the program that computes a value from
 * scalars and touches no memory its caller sees (`clamp`) is part of the
 * statement that calls it; one that reads a global (`scaled`) or writes
 * through a pointer (`bump`) is not, and cuts the function's SCoPs
 * around its call. */
#include <stdio.h>
#include <stdlib.h>

static double factor = 0.5;

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

static double scaled(double x)
{
    return x * factor;
}

static void bump(double *x)
{
    *x += 1.0;
}

static void calls(int n, double a[n], double b[n])
{
    for (int i = 0; i < n; i++)
        b[i] = clamp(a[i] * 3.0, -2.0, 2.0);
    for (int i = 1; i < n; i++)
        b[i] = b[i - 1] + scaled(a[i]);
    for (int i = 0; i < n; i++)
        bump(&a[i]);
    for (int i = 1; i < n; i++)
        a[i] = clamp(a[i - 1] + b[i], -5.0, 5.0);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 1)
        n = 1;
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++)
        a[i] = (i % 5) - 2.0;
    calls(n, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * (i + 1) + b[i];
    printf("%.6f\n", s);
    free(a);
    free(b);
    return 0;
}
