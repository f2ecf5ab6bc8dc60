/* A floating-point sum: with `--reassociate` it runs as a reduction, its
 * terms added in another order than the original's, and its last digits
 * differ. `ferry validate --tolerance` takes it as the same within a
 * relative distance; the count printed beside it stays exact. */
#include <stdio.h>
#include <stdlib.h>

void cases(int n, const double *x, double *out)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    *out = sum;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1)
        n = 1;
    double *x = malloc(sizeof(double[n]));
    if (!x)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] = 1.0 / (i + 1) + (i % 3) * 1e-7;
    double sum;
    cases(n, x, &sum);
    printf("%d terms: %.17g\n", n, sum);
    free(x);
    return 0;
}
