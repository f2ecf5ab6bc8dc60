/* Control that depends on data (PENCIL's dynamic control): under an `if`
 * whose condition reads arrays or a scalar the part writes, a statement
 * stays in the SCoP as one that may run. Its domain is the loop's, its
 * writes are may-writes, it also reads what the condition reads, and the
 * flow is no longer exact. */
#include <stdio.h>
#include <stdlib.h>

static void dynamic(int n, double a[n], double b[n])
{
    double top = a[0];
    for (int i = 1; i < n; i++)
        if (a[i] > top)
            top = a[i];
    for (int i = 0; i < n; i++) {
        if (a[i] > 0)
            b[i] = a[i] / top;
        else
            b[i] = -a[i];
    }
    for (int i = 1; i < n; i++)
        b[i] = b[i] + b[i - 1];
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
        a[i] = (i * 7 % 5) - 1.5;
    dynamic(n, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += b[i] * (i + 1);
    printf("%.6f\n", s);
    free(a);
    free(b);
    return 0;
}
