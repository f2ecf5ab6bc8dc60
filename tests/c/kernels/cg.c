/* cg: conjugate gradient, a fixed number of iterations, on a dense
 * symmetric positive definite n x n system (diagonally dominant); the
 * iterative solver of the suite. Each step reads A, p, r, x and writes
 * q, x, r, p; the scalars rr, alpha, beta live across steps. */
#include <stdio.h>
#include <stdlib.h>

static void cg(int iters, int n, double A[n][n], double x[n], double r[n], double p[n],
               double q[n])
{
    double rr = 0.0;
    for (int i = 0; i < n; i++)
        rr += r[i] * r[i];
    for (int it = 0; it < iters; it++)
    step: {
        double pq = 0.0;
#pragma ferry isolate
        for (int i = 0; i < n; i++) {
            q[i] = 0.0;
            for (int j = 0; j < n; j++)
                q[i] += A[i][j] * p[j];
            pq += p[i] * q[i];
        }
        double alpha = rr / pq;
        double next = 0.0;
#pragma ferry isolate
        for (int i = 0; i < n; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            next += r[i] * r[i];
        }
        double beta = next / rr;
#pragma ferry isolate
        for (int i = 0; i < n; i++)
            p[i] = r[i] + beta * p[i];
        rr = next;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int iters = 6;
    double (*A)[n] = malloc(sizeof(double[n][n]));
    double *x = malloc(sizeof(double[n]));
    double *r = malloc(sizeof(double[n]));
    double *p = malloc(sizeof(double[n]));
    double *q = malloc(sizeof(double[n]));
    if (!A || !x || !r || !p || !q)
        return 1;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++)
            A[i][j] = i == j ? 2.0 * n : 1.0 / (1 + i + j);
        /* b = A * 1 + noise; x starts at 0, so r = p = b. */
        double b = 0.0;
        for (int j = 0; j < n; j++)
            b += A[i][j];
        x[i] = 0.0;
        r[i] = p[i] = b + (i % 5) * 0.25;
        q[i] = -1.0;
    }
    cg(iters, n, A, x, r, p, q);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i] * (i % 4 + 1);
    printf("cg %d: %.9f\n", n, sum);
    free(A);
    free(x);
    free(r);
    free(p);
    free(q);
    return 0;
}
