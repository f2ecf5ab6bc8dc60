/* syrk written by hand for CUDA: one thread per element of C's lower
 * triangle (j <= i), scaling it and running the whole k loop. Same data
 * and output as tests/c/kernels/syrk.c. */
#include "reference.h"

__global__ void syrk_kernel(int n, int m, double alpha, double beta, double *C, const double *A)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j <= i) {
        C[i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            C[i * n + j] += alpha * A[i * m + k] * A[j * m + k];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int m = n - 2;
    double *A = (double *)malloc(sizeof(double) * n * m);
    double *C = (double *)malloc(sizeof(double) * n * n);
    if (!A || !C)
        return 1;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < m; k++)
            A[i * m + k] = (double)((i * k + 3) % n) / n;
        for (int j = 0; j < n; j++)
            C[i * n + j] = (double)((i + j) % m) / m;
    }
    double *dA = to_device(A, sizeof(double) * n * m);
    double *dC = to_device(C, sizeof(double) * n * n);
    TIMED(syrk_kernel, (syrk_kernel<<<grid_over(n, n), BLOCK>>>(n, m, 1.5, 0.8, dC, dA)));
    to_host(C, dC, sizeof(double) * n * n);
    CHECK(cudaFree(dA));
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += C[i * n + j] * ((i + 2 * j) % 5 + 1);
    printf("syrk %d: %.6f\n", n, sum);
    report_kernel_time();
    free(A);
    free(C);
    return 0;
}
