/* adi: alternating-direction implicit smoothing of an n x n grid. Each
 * time step solves one tridiagonal system per column (u -> v) and then one
 * per row (v -> u) with the Thomas algorithm: a forward elimination that
 * fills the coefficients p and q, then a backward substitution. The
 * boundary rows and columns hold 1. */
#include <stdio.h>
#include <stdlib.h>

static void adi(int tsteps, int n, double u[n][n], double v[n][n], double p[n][n],
                double q[n][n])
{
    const double lower = -0.25, diag = 1.5, upper = -0.25;
    for (int t = 0; t < tsteps; t++)
    step: {
        /* Columns: v[.][i] from the three columns i-1, i, i+1 of u. */
        for (int i = 1; i < n - 1; i++) {
            v[0][i] = 1.0;
            p[i][0] = 0.0;
            q[i][0] = v[0][i];
            for (int j = 1; j < n - 1; j++) {
                double den = lower * p[i][j - 1] + diag;
                p[i][j] = -upper / den;
                q[i][j] = (0.25 * u[j][i - 1] + 0.5 * u[j][i] + 0.25 * u[j][i + 1]
                           - lower * q[i][j - 1]) / den;
            }
            v[n - 1][i] = 1.0;
            for (int j = n - 2; j >= 1; j--)
                v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
        }
        /* Rows: u[i][.] from the three rows i-1, i, i+1 of v. */
        for (int i = 1; i < n - 1; i++) {
            u[i][0] = 1.0;
            p[i][0] = 0.0;
            q[i][0] = u[i][0];
            for (int j = 1; j < n - 1; j++) {
                double den = lower * p[i][j - 1] + diag;
                p[i][j] = -upper / den;
                q[i][j] = (0.25 * v[i - 1][j] + 0.5 * v[i][j] + 0.25 * v[i + 1][j]
                           - lower * q[i][j - 1]) / den;
            }
            u[i][n - 1] = 1.0;
            for (int j = n - 2; j >= 1; j--)
                u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
        }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 5;
    double (*u)[n] = malloc(sizeof(double[n][n]));
    double (*v)[n] = malloc(sizeof(double[n][n]));
    double (*p)[n] = malloc(sizeof(double[n][n]));
    double (*q)[n] = malloc(sizeof(double[n][n]));
    if (!u || !v || !p || !q)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            u[i][j] = (double)(i + n - j) / n;
            v[i][j] = p[i][j] = q[i][j] = 0.0;
        }
    adi(tsteps, n, u, v, p, q);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += u[i][j] * ((i + 3 * j) % 7 + 1);
    printf("adi %d: %.6f\n", n, sum);
    free(u);
    free(v);
    free(p);
    free(q);
    return 0;
}
