/* A scalar whose last value is live-out (scalar_reuse.c's counterpart):
 * `s` is declared outside the part, so every iteration must write it
 * after the one before, and the schedule's band is not coincident: the
 * loop stays sequential. */
#include <stdio.h>
#include <stdlib.h>

static double scalar_live_out(int n, double a[n], double b[n], double c[n])
{
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        s = a[i] - b[i];
        c[i] = s * 3.0;
    }
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n < 1)
        return 1;
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    double *c = malloc(sizeof(double[n]));
    for (int i = 0; i < n; i++) {
        a[i] = i % 4 + 0.5;
        b[i] = i % 3;
    }
    double sum = scalar_live_out(n, a, b, c);
    for (int i = 0; i < n; i++)
        sum += c[i];
    printf("%.1f\n", sum);
    free(a);
    free(b);
    free(c);
    return 0;
}
