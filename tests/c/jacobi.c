/* A 2-D Jacobi stencil with fixed boundaries, swapping buffers through
 * pointers to arrays. */
#include <math.h>
#include <stdio.h>

#define N 48
#define STEPS 50

static double grid_a[N][N], grid_b[N][N];

static double sweep(double (*restrict src)[N], double (*restrict dst)[N])
{
    double diff = 0.0;
    for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++) {
            dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1]);
            diff += fabs(dst[i][j] - src[i][j]);
        }
    return diff;
}

int main(void)
{
    for (int i = 0; i < N; i++) {
        grid_a[0][i] = grid_b[0][i] = 100.0;
        grid_a[N - 1][i] = grid_b[N - 1][i] = -50.0;
        grid_a[i][0] = grid_b[i][0] = 25.0 * (i % 3);
    }
    double (*src)[N] = grid_a, (*dst)[N] = grid_b;
    double diff = 0.0;
    for (int t = 0; t < STEPS; t++) {
        diff = sweep(src, dst);
        double (*tmp)[N] = src;
        src = dst;
        dst = tmp;
    }
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += src[i][j];
    printf("jacobi sum %.6f last diff %.6f center %.6f\n", sum, diff, src[N / 2][N / 2]);
    return 0;
}
