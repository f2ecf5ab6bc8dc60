/* bicg: the two matrix-vector products of BiCGStab, s := A^T * r and
 * q := A * p, with A n x m, in one sweep over A. */
#include <stdio.h>
#include <stdlib.h>

static void bicg(int n, int m, double A[n][m], double s[m], double q[n], double p[m],
                 double r[n])
{
    for (int j = 0; j < m; j++)
        s[j] = 0.0;
    for (int i = 0; i < n; i++) {
        q[i] = 0.0;
        for (int j = 0; j < m; j++) {
            s[j] = s[j] + r[i] * A[i][j];
            q[i] = q[i] + A[i][j] * p[j];
        }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n + 3;
    double (*A)[m] = malloc(sizeof(double[n][m]));
    double *s = malloc(sizeof(double[m]));
    double *q = malloc(sizeof(double[n]));
    double *p = malloc(sizeof(double[m]));
    double *r = malloc(sizeof(double[n]));
    if (!A || !s || !q || !p || !r)
        return 1;
    for (int j = 0; j < m; j++)
        p[j] = (double)(j % m) / m;
    for (int i = 0; i < n; i++) {
        r[i] = (double)(i % n) / n;
        for (int j = 0; j < m; j++)
            A[i][j] = (double)(i * (j + 1) % n) / n;
    }
    bicg(n, m, A, s, q, p, r);
    double sum = 0.0;
    for (int j = 0; j < m; j++)
        sum += s[j] * (j % 3 + 1);
    for (int i = 0; i < n; i++)
        sum += q[i] * (i % 5 + 1);
    printf("bicg %d: %.6f\n", n, sum);
    free(A);
    free(s);
    free(q);
    free(p);
    free(r);
    return 0;
}
