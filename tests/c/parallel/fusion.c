/* Sibling parallel nests launched together where neither writes what the
 * other touches (horizontal fusion). The nests of `cases`, by launch:
 * 1. a row set by a one-dimensional nest, and the rows after it updated
 *    by a two-dimensional one;
 * 2. b from a (alone: the nest before it wrote a, the one after reads b
 *    one column over);
 * 3. c from b, and d;
 * 4. b from a through a private scalar, and a row of c;
 * 5. a triangle of a (its inner loop sequential), and d again;
 * 6. an integer sum (a reduction: launched alone);
 * 7. c again (after the reduction);
 * 8. `*total = s`, in one work-item.
 * With m = 1, launch 2 has nothing to do and is skipped. */
#include <stdio.h>
#include <stdlib.h>

static void cases(int n, int m, double a[n][m], double b[n][m], double c[n][m], double d[n],
                  long *total)
{
    for (int j = 0; j < m; j++)
        a[0][j] = 1.0 + j;
    for (int i = 1; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = 0.5 * a[i][j] + b[i][j];

    for (int i = 0; i < n; i++)
        for (int j = 0; j < m - 1; j++)
            b[i][j] = a[i][j] * 2.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m - 1; j++)
            c[i][j] = b[i][j + 1] - 1.0;

    for (int i = 0; i < n; i++)
        d[i] = d[i] + 1.0;
    double t;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            t = a[i][j] + 3.0;
            b[i][j] = t * t;
        }
    for (int j = 0; j < m; j++)
        c[n - 1][j] = -2.0;

    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i && j < m; j++)
            a[i][j] = a[i][j] - 1.0;
    for (int i = 0; i < n; i++)
        d[i] = 2.0 * d[i];

    long s = 0;
    for (int i = 0; i < n; i++)
        s += (long)b[i][0];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            c[i][j] = c[i][j] + 0.25;
    *total = s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int m = argc > 2 ? atoi(argv[2]) : n + 3;
    if (n < 1 || m < 1)
        return 1;
    double (*a)[m] = malloc(sizeof(double[n][m]));
    double (*b)[m] = malloc(sizeof(double[n][m]));
    double (*c)[m] = malloc(sizeof(double[n][m]));
    double *d = malloc(sizeof(double[n]));
    if (!a || !b || !c || !d)
        return 1;
    for (int i = 0; i < n; i++) {
        d[i] = i;
        for (int j = 0; j < m; j++) {
            a[i][j] = (double)(i * 3 + j) / m;
            b[i][j] = (double)(i - j) / n;
            c[i][j] = 0.5 * j;
        }
    }
    long total = 0;
    cases(n, m, a, b, c, d, &total);
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += 7.0 * d[i];
        for (int j = 0; j < m; j++)
            sum += (i + 1) * a[i][j] + 2.0 * b[i][j] + 3.0 * (j + 1) * c[i][j];
    }
    printf("fusion %d %d: %.6f %ld\n", n, m, sum, total);
    free(a);
    free(b);
    free(c);
    free(d);
    return 0;
}
