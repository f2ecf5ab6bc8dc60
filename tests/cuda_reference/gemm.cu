/* gemm written by hand for CUDA, the way the hand-written PolyBench
 * kernels are: one thread per element of C, scaling it and running the
 * whole k loop. Same data and output as tests/c/kernels/gemm.c. */
#include "reference.h"

__global__ void gemm_kernel(int ni, int nj, int nk, double alpha, double beta, double *C,
                            const double *A, const double *B)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < ni && j < nj) {
        C[i * nj + j] *= beta;
        for (int k = 0; k < nk; k++)
            C[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20;
    if (n < 4)
        n = 4;
    int ni = n, nj = n + 3, nk = n + 1;
    double *A = (double *)malloc(sizeof(double) * ni * nk);
    double *B = (double *)malloc(sizeof(double) * nk * nj);
    double *C = (double *)malloc(sizeof(double) * ni * nj);
    if (!A || !B || !C)
        return 1;
    for (int i = 0; i < ni; i++)
        for (int k = 0; k < nk; k++)
            A[i * nk + k] = (double)((i * k + 1) % ni) / ni;
    for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
            B[k * nj + j] = (double)((k * (j + 1)) % nj) / nj;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            C[i * nj + j] = (double)((i * j + 2) % nk) / nk;
    double *dA = to_device(A, sizeof(double) * ni * nk);
    double *dB = to_device(B, sizeof(double) * nk * nj);
    double *dC = to_device(C, sizeof(double) * ni * nj);
    TIMED(gemm_kernel, (gemm_kernel<<<grid_over(ni, nj), BLOCK>>>(ni, nj, nk, 1.5, 1.2, dC, dA, dB)));
    to_host(C, dC, sizeof(double) * ni * nj);
    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    double sum = 0.0;
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            sum += C[i * nj + j] * ((i * 7 + j * 3) % 11 + 1);
    printf("gemm %d: %.6f\n", n, sum);
    report_kernel_time();
    free(A);
    free(B);
    free(C);
    return 0;
}
