/* Loop distribution and interchange ahead of outlining, where a
 * dependence forbids them and where it does not. `cases` runs:
 * - a recurrence whose last statement feeds the first statement of the
 *   next iteration (b[i] then b[i - 1]): not distributed, the row loop
 *   stays on the host around its kernels;
 * - a parallel loop whose private scalar t flows from its first
 *   statement to its loop: not distributed (each copy of the loop would
 *   see t's last value), one kernel of a work-item per row;
 * - a sequential loop (every row adds into all of v) whose statements
 *   depend on each other only forward: distributed, its first statement a
 *   parallel loop of its own, its second a column loop that moves outside
 *   the row loop (every dependence keeps the column);
 * - a column loop whose bounds depend on the row: not interchanged. */
#include <stdio.h>
#include <stdlib.h>

void cases(int n, double *a, double *b, double (*c)[n], const double *x, double *u,
           double *v, double (*w)[n])
{
    for (int i = 1; i < n; i++) {
        a[i] = b[i - 1] * 0.5 + 1.0;
        for (int j = 0; j < n; j++)
            c[i][j] = a[i] + j;
        b[i] = a[i] * 2.0 - c[i][i];
    }
    for (int i = 0; i < n; i++) {
        double t = x[i] * 2.0;
        for (int j = 0; j < n; j++)
            w[i][j] = t + j;
    }
    for (int i = 0; i < n; i++) {
        u[i] = x[i] + 1.0;
        for (int j = 0; j < n; j++)
            v[j] += w[i][j] * u[i];
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            v[j] += w[i][j] * 0.5;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1)
        n = 1;
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    double *x = malloc(sizeof(double[n]));
    double *u = malloc(sizeof(double[n]));
    double *v = malloc(sizeof(double[n]));
    double (*c)[n] = malloc(sizeof(double[n][n]));
    double (*w)[n] = malloc(sizeof(double[n][n]));
    if (!a || !b || !x || !u || !v || !c || !w)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = (double)(i % 7) / 7;
        x[i] = (double)(i % 5) / 5;
        v[i] = 1.0;
        for (int j = 0; j < n; j++)
            c[i][j] = w[i][j] = 0.0;
    }
    cases(n, a, b, c, x, u, v, w);
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += a[i] + 2 * b[i] + 3 * u[i] + 5 * v[i];
        for (int j = 0; j < n; j++)
            sum += c[i][j] * (i + 1) + w[i][j] * (j + 2);
    }
    printf("distribution %d: %.6f\n", n, sum);
    return 0;
}
