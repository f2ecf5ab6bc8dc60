/* What the hand-written CUDA programs of this folder share: checked CUDA
 * calls, and the kernels' time measured as ferry's CUDA runtime measures
 * it (the host's clock from before each launch to after the device has
 * finished it, summed), written in nanoseconds to the file named by
 * $FERRY_REFERENCE_NS at exit. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHECK(call)                                                                    \
    do {                                                                               \
        cudaError_t e_ = (call);                                                       \
        if (e_ != cudaSuccess) {                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,              \
                    cudaGetErrorString(e_));                                           \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

static unsigned long long kernel_ns;

static unsigned long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

/* Launches with `launch`, waits for the kernel and adds its time. */
#define TIMED(launch)                                                                  \
    do {                                                                               \
        unsigned long long start_ = now_ns();                                          \
        launch;                                                                        \
        CHECK(cudaGetLastError());                                                     \
        CHECK(cudaDeviceSynchronize());                                                \
        kernel_ns += now_ns() - start_;                                                \
    } while (0)

static void report_kernel_time(void)
{
    const char *path = getenv("FERRY_REFERENCE_NS");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "%llu\n", kernel_ns);
        fclose(f);
    }
}

static double *to_device(const void *host, size_t bytes)
{
    double *d;
    CHECK(cudaMalloc(&d, bytes));
    CHECK(cudaMemcpy(d, host, bytes, cudaMemcpyHostToDevice));
    return d;
}

static void to_host(void *host, const double *d, size_t bytes)
{
    CHECK(cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaFree((void *)d));
}

/* Blocks of 32 x 8 threads over a rows x cols grid, x along the columns. */
static dim3 grid_over(int rows, int cols)
{
    return dim3((unsigned)((cols + 31) / 32), (unsigned)((rows + 7) / 8));
}
static const dim3 BLOCK(32, 8);
