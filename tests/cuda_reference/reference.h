/* What the hand-written CUDA programs of this folder share: checked CUDA
 * calls, and the kernels' time measured as ferry's CUDA runtime measures
 * it (each kernel loaded before its first launch; events recorded before
 * and after each launch, the device's time between them, summed; launches
 * not waited for one by one), written in
 * nanoseconds to the file named by $FERRY_REFERENCE_NS at exit. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

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

enum { MAX_TIMED = 4096 };
static cudaEvent_t starts[MAX_TIMED], stops[MAX_TIMED];
static int timed;

/* Launches `kernel` with `launch` between two events, loading it first
 * the first time (as ferry's runtime does: CUDA loads kernels lazily, at
 * their first launch, and that time is not the kernel's). */
#define TIMED(kernel, launch)                                                          \
    do {                                                                               \
        static int loaded_;                                                            \
        if (!loaded_) {                                                                \
            cudaFuncAttributes attributes_;                                            \
            CHECK(cudaFuncGetAttributes(&attributes_, (const void *)kernel));          \
            loaded_ = 1;                                                               \
        }                                                                              \
        if (timed == MAX_TIMED) {                                                      \
            fprintf(stderr, "too many launches\n");                                     \
            exit(1);                                                                   \
        }                                                                              \
        CHECK(cudaEventCreate(&starts[timed]));                                        \
        CHECK(cudaEventCreate(&stops[timed]));                                         \
        CHECK(cudaEventRecord(starts[timed]));                                         \
        launch;                                                                        \
        CHECK(cudaGetLastError());                                                     \
        CHECK(cudaEventRecord(stops[timed]));                                          \
        timed++;                                                                       \
    } while (0)

/* Waits for the kernels, sums their times and writes the total. */
static void report_kernel_time(void)
{
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < timed; i++) {
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, starts[i], stops[i]));
        kernel_ns += (unsigned long long)((double)ms * 1e6);
    }
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
