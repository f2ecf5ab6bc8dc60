// ferry-test: isolate --function smooth
// ferry-test: run 10 => to=200 from=64
// ferry-test: run 3 => to=144 from=8
// ferry-test: run 2 => to=0 from=0
// Callees that use globals: their clones take each global as a parameter of
// its name (weights and grid as device copies with offsets, offset by
// value), as PIPS passes them. smooth's regions include the callees':
// weights[0..2], grid at (2,3) and (5,1), x[i + k - offset], y[i].
// For i in 1..n-2 (nothing when n <= 2):
// - weights: IN [0,2], 3 doubles = 24 B.
// - grid: IN the two elements; their box rows 2..5 x columns 1..3 is 12
//   doubles = 96 B, one copy, which the host cost model prefers to two
//   copies of one element each.
// - x: IN [1 - offset, n - 2 + 2 - offset], n doubles = 8n B.
// - y: W = OUT = [1, n-2], 8(n-2) B back. offset and n are read only,
//   passed by value, 0.
// n=10: to = 24 + 96 + 80 = 200, from = 64. n=3: 24 + 96 + 24 = 144, from 8.
// n=2: the loop does not run, 0 and 0.
#include <stdio.h>
#include <stdlib.h>

#define K 3

double weights[K] = {0.25, 0.5, 0.25};
double grid[8][8];
int offset = 1;

/* Reads the global array weights and the global scalar offset. */
double tap(const double *x, int i, int k)
{
    return weights[k] * x[i + k - offset];
}

/* No parameter: reads two elements of the 2-D global grid. */
double edge(void)
{
    return grid[2][3] + grid[5][1];
}

void smooth(int n, const double *x, double *y)
{
    for (int i = 1; i < n - 1; i++) {
        double s = 0;
        for (int k = 0; k < K; k++)
            s += tap(x, i, k);
        y[i] = s + edge();
    }
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
    for (int i = 0; i < n; i++)
        x[i] = y[i] = i * 0.5;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            grid[r][c] = r - c * 0.25;
    smooth(n, x, y);
    for (int i = 0; i < n; i++)
        printf("%.17g\n", y[i]);
    return 0;
}
