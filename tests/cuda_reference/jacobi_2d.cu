/* jacobi-2d written by hand for CUDA: two kernels per time step (A into
 * B, B into A), one thread per inner grid point. Same data and output as
 * tests/c/kernels/jacobi_2d.c. */
#include "reference.h"

__global__ void jacobi_sweep(int n, const double *src, double *dst)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
    int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (i < n - 1 && j < n - 1)
        dst[i * n + j] = 0.2 * (src[i * n + j] + src[i * n + j - 1] + src[i * n + j + 1] +
                                src[(i + 1) * n + j] + src[(i - 1) * n + j]);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int tsteps = 10;
    size_t bytes = sizeof(double) * n * n;
    double *A = (double *)malloc(bytes);
    double *B = (double *)malloc(bytes);
    if (!A || !B)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            A[i * n + j] = ((double)i * (j + 2) + 2) / n;
            B[i * n + j] = ((double)i * (j + 3) + 3) / n;
        }
    double *dA = to_device(A, bytes);
    double *dB = to_device(B, bytes);
    for (int t = 0; t < tsteps; t++) {
        TIMED(jacobi_sweep, (jacobi_sweep<<<grid_over(n - 2, n - 2), BLOCK>>>(n, dA, dB)));
        TIMED(jacobi_sweep, (jacobi_sweep<<<grid_over(n - 2, n - 2), BLOCK>>>(n, dB, dA)));
    }
    to_host(A, dA, bytes);
    to_host(B, dB, bytes);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += A[i * n + j] * ((i + j) % 4 + 1);
    printf("jacobi-2d %d: %.6f\n", n, sum);
    report_kernel_time();
    free(A);
    free(B);
    return 0;
}
