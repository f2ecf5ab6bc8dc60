/* Calls in a SCoP through function summaries (the PENCIL report's §3.6):
 * a call of a function of the program whose whole body is static-affine
 * is one statement of its caller, with the callee's accesses placed at
 * the call. The callees take whole arrays (`sweep`), an integer that is
 * the caller's loop index (`row`), a row of a matrix (`smooth_row`, which
 * also has a temporary of its own, none of the caller's business), an
 * element's address (`add_bias`, which also reads a global array), and
 * an array whose length is an expression (`set_odd`: Listing 8 without
 * its structure, odd elements written where the data says so: may-writes).
 * A call under a condition on data may not run; a call that passes one
 * array twice has no summary (the callee's arrays would be one) and cuts
 * the part. */
#include <stdio.h>
#include <stdlib.h>

static double bias[4] = {0.5, -0.25, 0.125, 1.0};

static void sweep(int n, double src[n][n], double dst[n][n])
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
}

static void row(int i, int n, double src[n][n], double dst[n][n])
{
    for (int j = 1; j < n - 1; j++)
        dst[i][j] = 0.5 * (src[i][j] + src[i - 1][j]);
}

static void smooth_row(int m, double r[m])
{
    double tmp[m];
    for (int j = 0; j < m; j++)
        tmp[j] = r[j];
    for (int j = 1; j < m - 1; j++)
        r[j] = (tmp[j - 1] + tmp[j] + tmp[j + 1]) / 3.0;
}

static void add_bias(double *x)
{
    for (int j = 0; j < 4; j++)
        x[j] += bias[j];
}

static void set_odd(int n, int A[n])
{
    int t = 7;
    for (int i = 1; i < n; i += 2)
        if (A[i] % 3 == 0)
            A[i] = t;
}

static void summaries(int n, int steps, double A[n][n], double B[n][n], double v[4 * n],
                      int flags[2 * n])
{
    for (int t = 0; t < steps; t++) {
        sweep(n, A, B);
        for (int i = 1; i < n - 1; i++)
            row(i, n, B, A);
    }
    for (int i = 0; i < n; i++)
        smooth_row(n, A[i]);
    for (int q = 0; q < n; q++)
        add_bias(&v[4 * q]);
    set_odd(2 * n, flags);
    for (int i = 0; i < n; i++)
        if (v[4 * i] > 1.0)
            smooth_row(n, B[i]);
    sweep(n, A, A);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 3)
        n = 3;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    double (*B)[n] = malloc(sizeof(double[n][n]));
    double *v = malloc(sizeof(double[4 * n]));
    int *flags = malloc(sizeof(int[2 * n]));
    if (!A || !B || !v || !flags)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i][j] = (i * 7 + j * 3) % 11 / 4.0;
            B[i][j] = (i + 2 * j) % 5 / 2.0;
        }
    for (int k = 0; k < 4 * n; k++)
        v[k] = k % 5 * 0.5;
    for (int k = 0; k < 2 * n; k++)
        flags[k] = k * 5 % 7;
    summaries(n, 2, A, B, v, flags);
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += A[i][j] * (i + 1) - B[i][j] * (j + 2);
    for (int k = 0; k < 4 * n; k++)
        s += v[k] * (k % 3);
    for (int k = 0; k < 2 * n; k++)
        s += flags[k];
    printf("%.6f\n", s);
    free(A);
    free(B);
    free(v);
    free(flags);
    return 0;
}
