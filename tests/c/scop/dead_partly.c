/* A call writes a whole row and a statement after it overwrites one
 * element of it: what the call wrote elsewhere is still live-out, so the
 * call's last instance is needed; every earlier one is overwritten whole
 * by the next call, and dead. (Liveness is per element: a write of many
 * elements with only some overwritten stays live-out for the others.) */
#include <stdio.h>
#include <stdlib.h>

static void fill(int n, double *row, double v)
{
    for (int k = 0; k < n; k++)
        row[k] = v + k;
}

static void refill(int n, int m, double a[n])
{
    for (int i = 0; i < m; i++) {
        fill(n, a, i);
        a[0] = -1.0 * i;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    int m = argc > 2 ? atoi(argv[2]) : 3;
    if (n < 1 || m < 0)
        return 1;
    double *a = malloc(sizeof(double[n]));
    if (!a)
        return 1;
    for (int k = 0; k < n; k++)
        a[k] = 100.0 + k;
    refill(n, m, a);
    double sum = 0.0;
    for (int k = 0; k < n; k++)
        sum += (k + 1) * a[k];
    printf("refill %d %d: %.3f\n", n, m, sum);
    free(a);
    return 0;
}
