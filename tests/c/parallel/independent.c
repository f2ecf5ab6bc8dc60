/* Loops whose iterations write through a permutation: ferry cannot prove
 * them independent (the subscript is data), and the user declares them
 * so. `cases` holds, in order: a scatter after `#pragma ferry
 * independent` (parallel), the same scatter without it (sequential), a
 * declared loop that carries a scalar (still sequential: the pragma speaks
 * of memory, scalars are checked), and a scatter after PENCIL's `#pragma
 * pencil independent` (parallel). */
#include <stdio.h>
#include <stdlib.h>

static void cases(int n, const int perm[n], const double x[n], double y[n], double z[n],
                  double w[n], double v[n])
{
#pragma ferry independent
    for (int i = 0; i < n; i++)
        y[perm[i]] = 2.0 * x[i] + 1.0;
    for (int i = 0; i < n; i++)
        z[perm[i]] = x[i] - 3.0;
    double s = 0.0;
#pragma ferry independent
    for (int i = 0; i < n; i++) {
        s = s + x[i];
        w[perm[i]] = s;
    }
#pragma pencil independent
    for (int i = 0; i < n; i++)
        v[perm[i]] = y[perm[i]] * x[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    int *perm = malloc(sizeof(int) * (n > 0 ? n : 1));
    double *x = malloc(sizeof(double) * (n > 0 ? n : 1));
    double *y = malloc(sizeof(double) * (n > 0 ? n : 1));
    double *z = malloc(sizeof(double) * (n > 0 ? n : 1));
    double *w = malloc(sizeof(double) * (n > 0 ? n : 1));
    double *v = malloc(sizeof(double) * (n > 0 ? n : 1));
    if (!perm || !x || !y || !z || !w || !v)
        return 1;
    /* i -> (7 i + 3) mod n is a permutation when 7 does not divide n. */
    if (n % 7 == 0)
        n--;
    for (int i = 0; i < n; i++) {
        perm[i] = (7 * i + 3) % n;
        x[i] = (double)(i % 13) - 4.0;
        y[i] = z[i] = w[i] = v[i] = -1.0;
    }
    cases(n, perm, x, y, z, w, v);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += (i + 1) * (y[i] + 2.0 * z[i] + 3.0 * w[i] + 5.0 * v[i]);
    printf("independent %d: %.3f\n", n, sum);
    free(perm);
    free(x);
    free(y);
    free(z);
    free(w);
    free(v);
    return 0;
}
