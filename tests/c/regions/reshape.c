/* A two-dimensional array passed to a one-dimensional parameter, and a row
   of it passed alone. */
// args: 4 | 10
#include <stdio.h>
#include <stdlib.h>

double g[8][10];

void linear_fill(double *v, int len) {
    for (int k = 0; k < len; k++)
        v[k] = 0.5 * k;
}

double dot(const double *x, const double *y, int len) {
    double d = 0;
    for (int k = 0; k < len; k++)
        d += x[k] * y[k];
    return d;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n > 10)
        n = 10;
    linear_fill(&g[0][0], 80);
    linear_fill(g[3], n);
    double s = dot(g[1], g[2], n);
    s += dot((double *)g, &g[4][0], 20);
    printf("%d %.2f\n", n, s);
    return 0;
}
