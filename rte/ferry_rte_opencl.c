/* ferry's runtime backend for OpenCL 1.2 (ferry_rte_backend.h) and the
 * helpers of generated kernel launchers (ferry_rte_opencl.h). */
#define CL_TARGET_OPENCL_VERSION 120
#include "ferry_rte_opencl.h"
#include "ferry_rte_backend.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One device, one context, one in-order queue for the whole program: the
 * runtime's copies are blocking and every launch waits for its kernel, so
 * commands never overlap and a single queue keeps them in program order. */
static struct {
    int ready;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    const char *build_options;
} cl;

static const char *error_name(cl_int e)
{
    switch (e) {
#define NAME(x)                                                                                    \
    case x:                                                                                        \
        return #x;
        NAME(CL_SUCCESS)
        NAME(CL_DEVICE_NOT_FOUND)
        NAME(CL_DEVICE_NOT_AVAILABLE)
        NAME(CL_COMPILER_NOT_AVAILABLE)
        NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        NAME(CL_OUT_OF_RESOURCES)
        NAME(CL_OUT_OF_HOST_MEMORY)
        NAME(CL_PROFILING_INFO_NOT_AVAILABLE)
        NAME(CL_MEM_COPY_OVERLAP)
        NAME(CL_IMAGE_FORMAT_MISMATCH)
        NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED)
        NAME(CL_BUILD_PROGRAM_FAILURE)
        NAME(CL_MAP_FAILURE)
        NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        NAME(CL_COMPILE_PROGRAM_FAILURE)
        NAME(CL_LINKER_NOT_AVAILABLE)
        NAME(CL_LINK_PROGRAM_FAILURE)
        NAME(CL_DEVICE_PARTITION_FAILED)
        NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        NAME(CL_INVALID_VALUE)
        NAME(CL_INVALID_DEVICE_TYPE)
        NAME(CL_INVALID_PLATFORM)
        NAME(CL_INVALID_DEVICE)
        NAME(CL_INVALID_CONTEXT)
        NAME(CL_INVALID_QUEUE_PROPERTIES)
        NAME(CL_INVALID_COMMAND_QUEUE)
        NAME(CL_INVALID_HOST_PTR)
        NAME(CL_INVALID_MEM_OBJECT)
        NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
        NAME(CL_INVALID_IMAGE_SIZE)
        NAME(CL_INVALID_SAMPLER)
        NAME(CL_INVALID_BINARY)
        NAME(CL_INVALID_BUILD_OPTIONS)
        NAME(CL_INVALID_PROGRAM)
        NAME(CL_INVALID_PROGRAM_EXECUTABLE)
        NAME(CL_INVALID_KERNEL_NAME)
        NAME(CL_INVALID_KERNEL_DEFINITION)
        NAME(CL_INVALID_KERNEL)
        NAME(CL_INVALID_ARG_INDEX)
        NAME(CL_INVALID_ARG_VALUE)
        NAME(CL_INVALID_ARG_SIZE)
        NAME(CL_INVALID_KERNEL_ARGS)
        NAME(CL_INVALID_WORK_DIMENSION)
        NAME(CL_INVALID_WORK_GROUP_SIZE)
        NAME(CL_INVALID_WORK_ITEM_SIZE)
        NAME(CL_INVALID_GLOBAL_OFFSET)
        NAME(CL_INVALID_EVENT_WAIT_LIST)
        NAME(CL_INVALID_EVENT)
        NAME(CL_INVALID_OPERATION)
        NAME(CL_INVALID_GL_OBJECT)
        NAME(CL_INVALID_BUFFER_SIZE)
        NAME(CL_INVALID_MIP_LEVEL)
        NAME(CL_INVALID_GLOBAL_WORK_SIZE)
        NAME(CL_INVALID_PROPERTY)
        NAME(CL_INVALID_IMAGE_DESCRIPTOR)
        NAME(CL_INVALID_COMPILER_OPTIONS)
        NAME(CL_INVALID_LINKER_OPTIONS)
        NAME(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef NAME
    /* Newer than 1.2, or from the ICD loader (cl_khr_icd), so not in
     * every cl.h this is compiled against. */
    case -69:
        return "CL_INVALID_PIPE_SIZE";
    case -70:
        return "CL_INVALID_DEVICE_QUEUE";
    case -1001:
        return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
        return "unknown OpenCL error";
    }
}

/* Prints `what` (a printf format) and the error, and exits. */
static void fail(cl_int e, const char *what, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3), noreturn))
#endif
    ;

static void fail(cl_int e, const char *what, ...)
{
    va_list ap;
    va_start(ap, what);
    fputs("ferry runtime (OpenCL): ", stderr);
    vfprintf(stderr, what, ap);
    fprintf(stderr, ": %s (%d)\n", error_name(e), (int)e);
    va_end(ap);
    exit(70);
}

/* Checks the return code of an API call; `what` is formatted only when it
 * failed. */
static void check(cl_int e, const char *what, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void check(cl_int e, const char *what, ...)
{
    if (e == CL_SUCCESS)
        return;
    char text[256];
    va_list ap;
    va_start(ap, what);
    vsnprintf(text, sizeof text, what, ap);
    va_end(ap);
    fail(e, "%s", text);
}

/* A failure that is not an API call's (no such platform or device). */
static void die(const char *what, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

static void die(const char *what, ...)
{
    va_list ap;
    va_start(ap, what);
    fputs("ferry runtime (OpenCL): ", stderr);
    vfprintf(stderr, what, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(70);
}

/* The index in environment variable `var`; -1 when it is not set. */
static long env_index(const char *var)
{
    const char *s = getenv(var);
    if (!s || !*s)
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < 0)
        die("%s=%s is not an index (0, 1, ...)", var, s);
    return v;
}

/* The devices of `platform` (malloc'ed) and their number; 0 devices when it
 * has none. */
static cl_device_id *platform_devices(cl_platform_id platform, cl_uint index, cl_uint *n)
{
    cl_int e = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, n);
    if (e == CL_DEVICE_NOT_FOUND) {
        *n = 0;
        return NULL;
    }
    check(e, "clGetDeviceIDs (platform %u)", (unsigned)index);
    cl_device_id *devices = malloc(*n * sizeof *devices);
    if (!devices)
        die("out of host memory");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, *n, devices, NULL),
          "clGetDeviceIDs (platform %u)", (unsigned)index);
    return devices;
}

/* Picks the device and makes the context and queue, on first use: a
 * program that never touches the accelerator needs no OpenCL at all. */
static void init(void)
{
    if (cl.ready)
        return;
    long want_platform = env_index("FERRY_CL_PLATFORM");
    long want_device = env_index("FERRY_CL_DEVICE");
    cl_uint nplatforms = 0;
    check(clGetPlatformIDs(0, NULL, &nplatforms),
          "clGetPlatformIDs (is an OpenCL driver installed?)");
    if (nplatforms == 0)
        die("no OpenCL platform (is an OpenCL driver installed?)");
    cl_platform_id *platforms = malloc(nplatforms * sizeof *platforms);
    if (!platforms)
        die("out of host memory");
    check(clGetPlatformIDs(nplatforms, platforms, NULL), "clGetPlatformIDs");
    if (want_platform >= (long)nplatforms)
        die("FERRY_CL_PLATFORM=%ld: no such platform (%u found)", want_platform,
            (unsigned)nplatforms);
    cl_platform_id platform = NULL;
    cl_device_id *devices = NULL;
    cl_uint ndevices = 0;
    for (cl_uint p = 0; p < nplatforms; p++) {
        if (want_platform >= 0 && (long)p != want_platform)
            continue;
        devices = platform_devices(platforms[p], p, &ndevices);
        if (ndevices > 0) {
            platform = platforms[p];
            break;
        }
    }
    free(platforms);
    if (!platform) {
        if (want_platform >= 0)
            die("platform %ld (FERRY_CL_PLATFORM) has no device", want_platform);
        die("no OpenCL device on any platform");
    }
    if (want_device >= (long)ndevices)
        die("FERRY_CL_DEVICE=%ld: no such device (%u on the platform)", want_device,
            (unsigned)ndevices);
    cl.device = devices[want_device >= 0 ? want_device : 0];
    free(devices);

    /* Correctly rounded float division and sqrt, as the host computes them,
     * where the device offers them: OpenCL C allows 2.5 ulp otherwise. */
    cl_device_fp_config fp = 0;
    check(clGetDeviceInfo(cl.device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL),
          "clGetDeviceInfo (CL_DEVICE_SINGLE_FP_CONFIG)");
    cl.build_options =
        (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) ? "-cl-fp32-correctly-rounded-divide-sqrt" : "";

    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    cl_int e;
    cl.context = clCreateContext(props, 1, &cl.device, NULL, NULL, &e);
    check(e, "clCreateContext");
    cl.queue = clCreateCommandQueue(cl.context, cl.device, 0, &e);
    check(e, "clCreateCommandQueue");
    cl.ready = 1;
}

void *ferry_backend_alloc(size_t bytes)
{
    init();
    cl_int e;
    /* A buffer may not be empty: one byte keeps the handle valid. */
    cl_mem m = clCreateBuffer(cl.context, CL_MEM_READ_WRITE, bytes ? bytes : 1, NULL, &e);
    check(e, "clCreateBuffer of %zu bytes", bytes);
    return (void *)m;
}

void ferry_backend_free(void *accel)
{
    check(clReleaseMemObject((cl_mem)accel), "clReleaseMemObject");
}

void ferry_backend_write(void *accel, size_t accel_offset, const void *host, size_t bytes)
{
    if (!bytes)
        return; /* OpenCL rejects an empty copy */
    check(clEnqueueWriteBuffer(cl.queue, (cl_mem)accel, CL_TRUE, accel_offset, bytes, host, 0,
                               NULL, NULL),
          "clEnqueueWriteBuffer of %zu bytes at byte %zu", bytes, accel_offset);
}

void ferry_backend_read(void *host, const void *accel, size_t accel_offset, size_t bytes)
{
    if (!bytes)
        return;
    check(clEnqueueReadBuffer(cl.queue, (cl_mem)accel, CL_TRUE, accel_offset, bytes, host, 0, NULL,
                              NULL),
          "clEnqueueReadBuffer of %zu bytes at byte %zu", bytes, accel_offset);
}

/* The pattern goes through a bounded host buffer: poisoning a buffer as
 * large as the device's memory must not need as much host memory. The
 * chunk is a multiple of every element size, so each chunk continues the
 * pattern where the previous one stopped. */
#define POISON_CHUNK ((size_t)1 << 20)

void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison)
{
    if (!bytes)
        return;
    size_t chunk = bytes < POISON_CHUNK ? bytes : POISON_CHUNK;
    unsigned char *pattern = malloc(chunk);
    if (!pattern)
        die("out of host memory poisoning %zu bytes", bytes);
    ferry_poison(pattern, chunk, poison);
    for (size_t at = 0; at < bytes; at += chunk) {
        size_t n = bytes - at < chunk ? bytes - at : chunk;
        /* The last chunk ends the way the whole buffer does (0xAB bytes
         * after the last whole element). */
        if (n < chunk)
            ferry_poison(pattern, n, poison);
        ferry_backend_write(accel, at, pattern, n);
    }
    free(pattern);
}

/* The geometry of a box for clEnqueue{Write,Read}BufferRect: the region
 * (bytes, rows, slices) and, per side, the pitches in bytes and the byte
 * where the box starts. 0 when the box does not fit the calls' model. */
struct rect {
    size_t region[3];
    size_t accel_origin[3], accel_row, accel_slice;
    size_t host_start, host_row, host_slice;
};

static size_t start_bytes(size_t elem_size, int ndims, const long *stride, const long *offsets)
{
    size_t at = 0;
    for (int k = 0; k < ndims; k++)
        at += (size_t)offsets[k] * stride[k];
    return at * elem_size;
}

static int make_rect(struct rect *r, size_t elem_size, int ndims, const long *accel_stride,
                     const long *accel_offsets, const long *host_stride,
                     const long *host_offsets, const long *counts)
{
    if (ndims != 2 && ndims != 3)
        return 0;
    int n = ndims;
    r->region[0] = (size_t)counts[n - 1] * elem_size;
    r->region[1] = (size_t)counts[n - 2];
    r->region[2] = n == 3 ? (size_t)counts[0] : 1;
    r->accel_row = (size_t)accel_stride[n - 2] * elem_size;
    r->host_row = (size_t)host_stride[n - 2] * elem_size;
    /* 0 lets OpenCL take region[1] rows per slice; with one slice it is
     * never used. */
    r->accel_slice = n == 3 ? (size_t)accel_stride[0] * elem_size : 0;
    r->host_slice = n == 3 ? (size_t)host_stride[0] * elem_size : 0;
    if (r->accel_row < r->region[0] || r->host_row < r->region[0])
        return 0;
    if (n == 3 && (r->accel_slice < r->region[1] * r->accel_row ||
                   r->host_slice < r->region[1] * r->host_row || r->accel_slice % r->accel_row ||
                   r->host_slice % r->host_row))
        return 0;
    /* The buffer's start as (byte in row, row, slice), which OpenCL turns
     * back into the same linear offset; the host side simply starts at
     * its pointer plus host_start. */
    size_t at = start_bytes(elem_size, n, accel_stride, accel_offsets);
    size_t in_slice = n == 3 ? at % r->accel_slice : at;
    r->accel_origin[2] = n == 3 ? at / r->accel_slice : 0;
    r->accel_origin[1] = in_slice / r->accel_row;
    r->accel_origin[0] = in_slice % r->accel_row;
    r->host_start = start_bytes(elem_size, n, host_stride, host_offsets);
    return 1;
}

int ferry_backend_write_rect(void *accel, const void *host, size_t elem_size, int ndims,
                             const long *accel_stride, const long *accel_offsets,
                             const long *host_stride, const long *host_offsets,
                             const long *counts)
{
    struct rect r;
    if (!make_rect(&r, elem_size, ndims, accel_stride, accel_offsets, host_stride, host_offsets,
                   counts))
        return 0;
    static const size_t zero[3] = {0, 0, 0};
    check(clEnqueueWriteBufferRect(cl.queue, (cl_mem)accel, CL_TRUE, r.accel_origin, zero,
                                   r.region, r.accel_row, r.accel_slice, r.host_row, r.host_slice,
                                   (const unsigned char *)host + r.host_start, 0, NULL, NULL),
          "clEnqueueWriteBufferRect of %zu x %zu x %zu bytes", r.region[0], r.region[1],
          r.region[2]);
    return 1;
}

int ferry_backend_read_rect(void *host, const void *accel, size_t elem_size, int ndims,
                            const long *host_stride, const long *host_offsets,
                            const long *accel_stride, const long *accel_offsets,
                            const long *counts)
{
    struct rect r;
    if (!make_rect(&r, elem_size, ndims, accel_stride, accel_offsets, host_stride, host_offsets,
                   counts))
        return 0;
    static const size_t zero[3] = {0, 0, 0};
    check(clEnqueueReadBufferRect(cl.queue, (cl_mem)accel, CL_TRUE, r.accel_origin, zero,
                                  r.region, r.accel_row, r.accel_slice, r.host_row, r.host_slice,
                                  (unsigned char *)host + r.host_start, 0, NULL, NULL),
          "clEnqueueReadBufferRect of %zu x %zu x %zu bytes", r.region[0], r.region[1],
          r.region[2]);
    return 1;
}

/* Programs by the address of their source, kernels by (source, name):
 * a launcher asks again at every launch, and building is slow. A
 * generated program has a handful of kernels, so a list will do. */
static struct program {
    const char *source;
    cl_program program;
} *programs;
static size_t nprograms;

static struct kernel {
    const char *source;
    char *name;
    cl_kernel kernel;
} *kernels;
static size_t nkernels;

static void *grow(void *table, size_t n, size_t size)
{
    void *t = realloc(table, (n + 1) * size);
    if (!t)
        die("out of host memory");
    return t;
}

static cl_program program_of(const char *source, const char *name)
{
    for (size_t i = 0; i < nprograms; i++)
        if (programs[i].source == source)
            return programs[i].program;
    cl_int e;
    cl_program p = clCreateProgramWithSource(cl.context, 1, &source, NULL, &e);
    check(e, "clCreateProgramWithSource (kernel %s)", name);
    e = clBuildProgram(p, 1, &cl.device, cl.build_options, NULL, NULL);
    if (e != CL_SUCCESS) {
        /* The log says what is wrong with the source; print it before the
         * error, which may be all a reader looks at. */
        size_t size = 0;
        if (clGetProgramBuildInfo(p, cl.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) ==
                CL_SUCCESS &&
            size > 0) {
            char *log = malloc(size + 1);
            if (log && clGetProgramBuildInfo(p, cl.device, CL_PROGRAM_BUILD_LOG, size, log,
                                             NULL) == CL_SUCCESS) {
                log[size] = '\0';
                fprintf(stderr, "ferry runtime (OpenCL): build log of kernel %s:\n%s\n", name,
                        log);
            }
            free(log);
        }
        fail(e, "clBuildProgram (kernel %s, options \"%s\")", name, cl.build_options);
    }
    programs = grow(programs, nprograms, sizeof *programs);
    programs[nprograms].source = source;
    programs[nprograms].program = p;
    nprograms++;
    return p;
}

cl_kernel ferry_cl_kernel(const char *source, const char *name)
{
    init();
    for (size_t i = 0; i < nkernels; i++)
        if (kernels[i].source == source && !strcmp(kernels[i].name, name))
            return kernels[i].kernel;
    cl_program p = program_of(source, name);
    cl_int e;
    cl_kernel k = clCreateKernel(p, name, &e);
    check(e, "clCreateKernel (kernel %s)", name);
    /* A copy of the name: the caller's may not outlive the cache. */
    size_t len = strlen(name) + 1;
    char *copy = malloc(len);
    if (!copy)
        die("out of host memory");
    memcpy(copy, name, len);
    kernels = grow(kernels, nkernels, sizeof *kernels);
    kernels[nkernels].source = source;
    kernels[nkernels].name = copy;
    kernels[nkernels].kernel = k;
    nkernels++;
    return k;
}

/* The kernel's name for a message, asked of OpenCL only when one is due. */
static const char *kernel_name(cl_kernel k, char *buf, size_t size)
{
    if (clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, size, buf, NULL) != CL_SUCCESS)
        return "?";
    buf[size - 1] = '\0';
    return buf;
}

void ferry_cl_arg(cl_kernel k, unsigned index, size_t size, const void *value)
{
    cl_int e = clSetKernelArg(k, index, size, value);
    if (e != CL_SUCCESS) {
        char buf[128];
        fail(e, "clSetKernelArg (kernel %s, argument %u, %zu bytes)",
             kernel_name(k, buf, sizeof buf), index, size);
    }
}

void ferry_cl_arg_buffer(cl_kernel k, unsigned index, void *accel)
{
    cl_mem m = (cl_mem)accel;
    ferry_cl_arg(k, index, sizeof m, &m);
}

void ferry_cl_launch(cl_kernel k, const char *name, unsigned dims, const size_t *global)
{
    /* OpenCL 1.2 rejects an empty range; an empty loop runs nothing. */
    for (unsigned d = 0; d < dims; d++)
        if (global[d] == 0)
            return;
    check(clEnqueueNDRangeKernel(cl.queue, k, dims, NULL, global, NULL, 0, NULL, NULL),
          "clEnqueueNDRangeKernel (kernel %s, %u dimensions)", name, dims);
    /* Errors while the kernel runs show here, next to the launch that
     * caused them, not at some later copy. */
    check(clFinish(cl.queue), "clFinish (kernel %s)", name);
    ferry_count_launch();
}
