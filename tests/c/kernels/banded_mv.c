/* banded matrix-vector product: y := A*x for an n x n matrix with bw
 * sub- and super-diagonals, stored by rows of its band: element (i, j),
 * |i-j| <= bw, is band[i][j-i+bw]. The column range of row i is clipped
 * to the matrix with conditional expressions. */
#include <stdio.h>
#include <stdlib.h>

static void banded_mv(int n, int bw, double band[n][2 * bw + 1], double x[n], double y[n])
{
    for (int i = 0; i < n; i++) {
        int lo = i - bw > 0 ? i - bw : 0;
        int hi = i + bw < n - 1 ? i + bw : n - 1;
        double acc = 0.0;
        for (int j = lo; j <= hi; j++)
            acc += band[i][j - i + bw] * x[j];
        y[i] = acc;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int bw = 2, width = 2 * bw + 1;
    double (*band)[width] = malloc(sizeof(double[n][width]));
    double *x = malloc(sizeof(double[n]));
    double *y = malloc(sizeof(double[n]));
    if (!band || !x || !y)
        return 1;
    for (int i = 0; i < n; i++) {
        x[i] = 1.0 + (i % 7) / 7.0;
        y[i] = -1.0;
        for (int d = 0; d < width; d++)
            band[i][d] = d == bw ? 4.0 : -1.0 / (d + 1 + i % 3);
    }
    banded_mv(n, bw, band, x, y);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += y[i] * (i % 3 + 1);
    printf("banded-mv %d: %.6f\n", n, sum);
    free(band);
    free(x);
    free(y);
    return 0;
}
