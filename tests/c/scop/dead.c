/* Statement instances whose values nothing needs (dead code, the PENCIL
 * report's section 4.1): `a` is cleared (S0) and then overwritten whole
 * (S1) before any read, so S0 is dead; S2 writes `s[i]` for every `j`
 * and only the last `j` of each row is read (by S4) or left in memory, so
 * S2 is dead off j = m - 1; S1, S3 and S4 are needed. */
#include <stdio.h>
#include <stdlib.h>

static void dead(int n, int m, double a[n], double b[n], double c[n][m], double s[n])
{
    for (int i = 0; i < n; i++)
        a[i] = 0.0;
    for (int i = 0; i < n; i++)
        a[i] = 2.0 * b[i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s[i] = c[i][j] + a[i];
    for (int i = 0; i < n; i++)
        b[i] = a[i] + 1.0;
    for (int i = 0; i < n; i++)
        c[i][0] = b[i] * s[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 5;
    int m = argc > 2 ? atoi(argv[2]) : 3;
    if (n < 1 || m < 1)
        return 1;
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    double (*c)[m] = malloc(sizeof(double[n][m]));
    double *s = malloc(sizeof(double[n]));
    if (!a || !b || !c || !s)
        return 1;
    for (int i = 0; i < n; i++) {
        a[i] = i;
        b[i] = 1.0 + i;
        s[i] = -1.0;
        for (int j = 0; j < m; j++)
            c[i][j] = 0.5 * (i + j);
    }
    dead(n, m, a, b, c, s);
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += a[i] + 2.0 * b[i] + 3.0 * s[i];
        for (int j = 0; j < m; j++)
            sum += (j + 1) * c[i][j];
    }
    printf("dead %d %d: %.3f\n", n, m, sum);
    free(a);
    free(b);
    free(c);
    free(s);
    return 0;
}
