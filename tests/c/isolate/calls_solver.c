// ferry-test: isolate --function relax
// ferry-test: run 8 3 -1 => to=176 from=288
// ferry-test: run 6 1 -1 => to=128 from=64
// ferry-test: run 8 50 0.001 => to=176 from=3072
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 8 3 -1 => to=672 from=288
// An iterative solver: relax is called twice per iteration with host code
// between the calls that reads both vectors (the change, the loop's
// test). relax's transfers move to its call sites; b, which only the
// calls read, leaves the loop (loaded once: [1,n-2], 8(n-2)). The host
// only reads x and y in the loop, so their device copies stay current
// from one iteration to the next: they are loaded once, at the top of
// the first iteration, and stored in every iteration before the host
// reads them.
// Loads, before the first call runs: x, what the first call needs,
// [0,n-1] (8n); y, what the second needs that the first does not surely
// write, {0, n-1}, as its box [0,n-1] (8n; two runs cost more under the
// host model).
// Each call: n, read only, passed by value (0). First call: y [1,n-2] stored before the host reads
// it (8(n-2)); second: x [1,n-2] stored (read by the next iteration's
// host code and the final print) (8(n-2)).
// K iterations: to = 8(n-2) + 16n, from = 16K(n-2).
// 8 3 -1 (tol < 0: 3 iterations): 48 + 128 = 176, 288.
// 6 1 -1: 32 + 96 = 128, 64.  8 50 0.001: converges after 32
// iterations (the output says so): 48 + 128 = 176, 32*96 = 3072.
// Body isolation: per call 8n + 8(n-2) in: 8 3 -1: 6 * 112 = 672.
#include <stdio.h>
#include <stdlib.h>

static void relax(int n, double x[n], double y[n], double b[n])
{
    for (int i = 1; i < n - 1; i++)
        y[i] = 0.5 * (x[i - 1] + x[i + 1]) + b[i];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), maxit = atoi(argv[2]);
    double tol = atof(argv[3]);
    double *x = malloc(sizeof(double[n]));
    double *y = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    for (int i = 0; i < n; i++) {
        x[i] = y[i] = i == 0 || i == n - 1 ? 1.0 : 0.0;
        b[i] = 0.01 * (i % 4);
    }
    double change = tol + 1.0;
    int it = 0;
    while (it < maxit && change > tol) {
        relax(n, x, y, b);
        change = 0.0;
        for (int i = 1; i < n - 1; i++) {
            double d = y[i] - x[i];
            change += d < 0 ? -d : d;
        }
        relax(n, y, x, b);
        it++;
    }
    printf("%d %.9f %.9f\n", it, change, x[n / 2]);
    free(x);
    free(y);
    free(b);
    return 0;
}
