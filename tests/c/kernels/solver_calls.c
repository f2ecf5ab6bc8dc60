/* solver_calls: Jacobi relaxation of a Poisson problem on an n x n grid
 * until the largest change falls under a tolerance or maxit iterations
 * ran. The relaxation is a function called twice per iteration; the host
 * computes the change between the two calls (it reads both iterates), as
 * an iterative solver's convergence test does. */
#include <stdio.h>
#include <stdlib.h>

static void relax(int n, double x[n][n], double y[n][n], double f[n][n])
{
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            y[i][j] = 0.25 * (x[i - 1][j] + x[i + 1][j] + x[i][j - 1] + x[i][j + 1] + f[i][j]);
}

static void solver_calls(int maxit, double tol, int n, double x[n][n], double y[n][n],
                         double f[n][n])
{
    double change = tol + 1.0;
    int it = 0;
    while (it < maxit && change > tol) {
        relax(n, x, y, f);
        change = 0.0;
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                double d = y[i][j] - x[i][j];
                if (d < 0)
                    d = -d;
                if (d > change)
                    change = d;
            }
        relax(n, y, x, f);
        it++;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    double (*x)[n] = malloc(sizeof(double[n][n]));
    double (*y)[n] = malloc(sizeof(double[n][n]));
    double (*f)[n] = malloc(sizeof(double[n][n]));
    if (!x || !y || !f)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            x[i][j] = y[i][j] = i == 0 || j == 0 ? 1.0 : 0.0;
            f[i][j] = 0.01 * ((i * 3 + j) % 5);
        }
    solver_calls(8, 1e-4, n, x, y, f);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += x[i][j] * ((i + j) % 3 + 1);
    printf("solver_calls %d: %.6f\n", n, sum);
    free(x);
    free(y);
    free(f);
    return 0;
}
