/* A scalar reused by every iteration (the live-range reordering paper's
 * motivation, section 1): `t` is declared, initialised, in the loop's
 * body, so it dies at the end of each iteration (a kill, even with its
 * initialiser). Its live ranges stay inside an iteration and the
 * schedule's band is coincident: the loop may run in parallel.
 * (scalar_live_out.c: the same loop with a live-out scalar stays
 * sequential.) */
#include <stdio.h>
#include <stdlib.h>

static void scalar_reuse(int n, double a[n], double b[n])
{
    for (int i = 0; i < n; i++) {
        double t = a[i] * 2.0;
        b[i] = t * t + 1.0;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n < 1)
        return 1;
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    for (int i = 0; i < n; i++)
        a[i] = i % 4 + 0.5;
    scalar_reuse(n, a, b);
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += b[i];
    printf("%.1f\n", sum);
    free(a);
    free(b);
    return 0;
}
