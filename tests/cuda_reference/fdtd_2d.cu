/* fdtd-2d written by hand for CUDA: three kernels per time step (ey with
 * its source row, ex, hz), one thread per grid point. Same data and output
 * as tests/c/kernels/fdtd_2d.c. */
#include "reference.h"

__global__ void fdtd_ey(int nx, int ny, double source, double *ey, const double *hz)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx && j < ny) {
        if (i == 0)
            ey[j] = source;
        else
            ey[i * ny + j] = ey[i * ny + j] - 0.5 * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
    }
}

__global__ void fdtd_ex(int nx, int ny, double *ex, const double *hz)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx && j > 0 && j < ny)
        ex[i * ny + j] = ex[i * ny + j] - 0.5 * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

__global__ void fdtd_hz(int nx, int ny, double *hz, const double *ex, const double *ey)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < nx - 1 && j < ny - 1)
        hz[i * ny + j] = hz[i * ny + j] - 0.7 * (ex[i * ny + j + 1] - ex[i * ny + j] +
                                                 ey[(i + 1) * ny + j] - ey[i * ny + j]);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tmax = 10, nx = n, ny = n + 4;
    size_t bytes = sizeof(double) * nx * ny;
    double *ex = (double *)malloc(bytes);
    double *ey = (double *)malloc(bytes);
    double *hz = (double *)malloc(bytes);
    double *source = (double *)malloc(sizeof(double) * tmax);
    if (!ex || !ey || !hz || !source)
        return 1;
    for (int t = 0; t < tmax; t++)
        source[t] = (double)t;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            ex[i * ny + j] = ((double)i * (j + 1)) / nx;
            ey[i * ny + j] = ((double)i * (j + 2)) / ny;
            hz[i * ny + j] = ((double)i * (j + 3)) / nx;
        }
    double *dex = to_device(ex, bytes);
    double *dey = to_device(ey, bytes);
    double *dhz = to_device(hz, bytes);
    for (int t = 0; t < tmax; t++) {
        TIMED(fdtd_ey, (fdtd_ey<<<grid_over(nx, ny), BLOCK>>>(nx, ny, source[t], dey, dhz)));
        TIMED(fdtd_ex, (fdtd_ex<<<grid_over(nx, ny), BLOCK>>>(nx, ny, dex, dhz)));
        TIMED(fdtd_hz, (fdtd_hz<<<grid_over(nx, ny), BLOCK>>>(nx, ny, dhz, dex, dey)));
    }
    to_host(ex, dex, bytes);
    to_host(ey, dey, bytes);
    to_host(hz, dhz, bytes);
    double sum = 0.0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            sum += ex[i * ny + j] + 2.0 * ey[i * ny + j] + 3.0 * hz[i * ny + j];
    printf("fdtd-2d %d: %.6f\n", n, sum);
    report_kernel_time();
    free(ex);
    free(ey);
    free(hz);
    free(source);
    return 0;
}
