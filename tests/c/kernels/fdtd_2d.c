/* fdtd-2d: two-dimensional finite-difference time-domain update of the
 * electric fields ex, ey and the magnetic field hz, with a source term on
 * the first row of ey at each time step. */
#include <stdio.h>
#include <stdlib.h>

static void fdtd_2d(int tmax, int nx, int ny, double ex[nx][ny], double ey[nx][ny],
                    double hz[nx][ny], double source[tmax])
{
    for (int t = 0; t < tmax; t++)
    step: {
#pragma ferry isolate
        for (int j = 0; j < ny; j++)
            ey[0][j] = source[t];
#pragma ferry isolate
        for (int i = 1; i < nx; i++)
            for (int j = 0; j < ny; j++)
                ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma ferry isolate
        for (int i = 0; i < nx; i++)
            for (int j = 1; j < ny; j++)
                ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma ferry isolate
        for (int i = 0; i < nx - 1; i++)
            for (int j = 0; j < ny - 1; j++)
                hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tmax = 10, nx = n, ny = n + 4;
    double (*ex)[ny] = malloc(sizeof(double[nx][ny]));
    double (*ey)[ny] = malloc(sizeof(double[nx][ny]));
    double (*hz)[ny] = malloc(sizeof(double[nx][ny]));
    double *source = malloc(sizeof(double[tmax]));
    if (!ex || !ey || !hz || !source)
        return 1;
    for (int t = 0; t < tmax; t++)
        source[t] = (double)t;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            ex[i][j] = ((double)i * (j + 1)) / nx;
            ey[i][j] = ((double)i * (j + 2)) / ny;
            hz[i][j] = ((double)i * (j + 3)) / nx;
        }
    fdtd_2d(tmax, nx, ny, ex, ey, hz, source);
    double sum = 0.0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            sum += ex[i][j] + 2.0 * ey[i][j] + 3.0 * hz[i][j];
    printf("fdtd-2d %d: %.6f\n", n, sum);
    free(ex);
    free(ey);
    free(hz);
    free(source);
    return 0;
}
