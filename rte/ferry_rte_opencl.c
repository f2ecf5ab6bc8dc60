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
 * runtime's copies are blocking and a single queue keeps them and the
 * launches in program order. Launches do not wait for their kernels (on
 * pocl, waiting after each launch doubled a time loop's time): the host
 * waits before its next copy, and counts as kernel time the wall time from
 * the first launch it had not waited for to the end of that wait. */
static struct {
    int ready;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    const char *build_options;
    /* FERRY_CL_BLOCKING set (not to 0): each launch waits for its kernel,
     * so that a failing kernel is reported at its launch. */
    int blocking;
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

/* Checks the return code of an API call; `what` (a printf format) says
 * what failed and is formatted only then. */
FERRY_BACKEND_PRINTF(2, 3) static void check(cl_int e, const char *what, ...)
{
    if (e == CL_SUCCESS)
        return;
    va_list ap;
    va_start(ap, what); /* no va_end: ferry_backend_vfail never returns */
    ferry_backend_vfail("OpenCL", error_name(e), (int)e, what, ap);
}

/* A failure that is not an API call's (no such platform or device). */
FERRY_BACKEND_NORETURN FERRY_BACKEND_PRINTF(1, 2) static void die(const char *what, ...)
{
    va_list ap;
    va_start(ap, what);
    ferry_backend_vfail("OpenCL", NULL, 0, what, ap);
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
    cl_uint p;
    for (p = 0; p < nplatforms; p++) {
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
    const char *blocking = getenv("FERRY_CL_BLOCKING");
    cl.blocking = blocking && *blocking && strcmp(blocking, "0");
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

/* Launches the host has not waited for: their events and kernel names
 * (string constants of the launchers), and when the first was made. */
enum { MAX_PENDING = 256 };
static struct {
    cl_event event;
    const char *name;
} pending[MAX_PENDING];
static int pending_count;
static double pending_since;

/* Waits for the queue, reports a kernel that failed, by name, and counts
 * the wall time since the first pending launch as kernel time: what the
 * launches cost the program, the host's enqueueing included. */
static void settle(void)
{
    if (!pending_count)
        return;
    check(clFinish(cl.queue), "waiting for the kernels launched so far (the last: %s)",
          pending[pending_count - 1].name);
    double now = ferry_clock();
    ferry_count_kernel_ns(now > pending_since ? (unsigned long long)((now - pending_since) * 1e9)
                                              : 0);
    int i;
    for (i = 0; i < pending_count; i++) {
        cl_int status = CL_COMPLETE;
        check(clGetEventInfo(pending[i].event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                             &status, NULL),
              "clGetEventInfo (kernel %s)", pending[i].name);
        if (status < 0)
            check(status, "kernel %s", pending[i].name);
        check(clReleaseEvent(pending[i].event), "clReleaseEvent");
    }
    pending_count = 0;
}

static void settle_at_exit(void) { settle(); }

void ferry_backend_wait(void) { settle(); }

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
    /* A read after a failed kernel names that kernel, not the read. */
    settle();
    check(clEnqueueReadBuffer(cl.queue, (cl_mem)accel, CL_TRUE, accel_offset, bytes, host, 0, NULL,
                              NULL),
          "clEnqueueReadBuffer of %zu bytes at byte %zu", bytes, accel_offset);
}

void ferry_backend_poison(void *accel, size_t bytes, enum ferry_poison poison)
{
    ferry_poison_through_writes("OpenCL", accel, bytes, poison);
}

/* clEnqueue{Write,Read}BufferRect of box `r`, the calls' only difference
 * being the direction: to the buffer from `host_src`, or from it to
 * `host_dst` (the other is NULL). */
static void copy_rect(cl_mem accel, const struct ferry_rect *r, void *host_dst,
                      const void *host_src)
{
    /* Slice pitches 0 let OpenCL take `rows` rows per slice; with one
     * slice they are never used. */
    size_t accel_slice = r->slices > 1 ? r->accel.slice : 0;
    size_t host_slice = r->slices > 1 ? r->host.slice : 0;
    /* The buffer's start as (byte in row, row, slice), which OpenCL turns
     * back into the same linear offset; the host side simply starts at its
     * pointer plus host.start. */
    size_t at = r->accel.start;
    size_t in_slice = accel_slice ? at % accel_slice : at;
    size_t origin[3] = {in_slice % r->accel.row, in_slice / r->accel.row,
                        accel_slice ? at / accel_slice : 0};
    size_t region[3] = {r->width, r->rows, r->slices};
    static const size_t zero[3] = {0, 0, 0};
    if (host_src)
        check(clEnqueueWriteBufferRect(cl.queue, accel, CL_TRUE, origin, zero, region, r->accel.row,
                                       accel_slice, r->host.row, host_slice,
                                       (const unsigned char *)host_src + r->host.start, 0, NULL,
                                       NULL),
              "clEnqueueWriteBufferRect of %zu x %zu x %zu bytes", region[0], region[1],
              region[2]);
    else
        check(clEnqueueReadBufferRect(cl.queue, accel, CL_TRUE, origin, zero, region, r->accel.row,
                                      accel_slice, r->host.row, host_slice,
                                      (unsigned char *)host_dst + r->host.start, 0, NULL, NULL),
              "clEnqueueReadBufferRect of %zu x %zu x %zu bytes", region[0], region[1],
              region[2]);
}

int ferry_backend_write_rect(void *accel, const void *host, const struct ferry_rect *r)
{
    copy_rect((cl_mem)accel, r, NULL, host);
    return 1;
}

int ferry_backend_read_rect(void *host, const void *accel, const struct ferry_rect *r)
{
    copy_rect((cl_mem)accel, r, host, NULL);
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
    size_t i;
    for (i = 0; i < nprograms; i++)
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
        check(e, "clBuildProgram (kernel %s, options \"%s\")", name, cl.build_options);
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
    size_t i;
    for (i = 0; i < nkernels; i++)
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
        check(e, "clSetKernelArg (kernel %s, argument %u, %zu bytes)",
              kernel_name(k, buf, sizeof buf), index, size);
    }
}

void ferry_cl_arg_buffer(cl_kernel k, unsigned index, void *accel)
{
    cl_mem m = (cl_mem)accel;
    ferry_cl_arg(k, index, sizeof m, &m);
}

void ferry_cl_launch(cl_kernel k, const char *name, unsigned dims, const size_t *global,
                     const size_t *local, unsigned long long work_items)
{
    /* OpenCL 1.2 rejects an empty range; an empty loop runs nothing. */
    unsigned d;
    for (d = 0; d < dims; d++)
        if (global[d] == 0)
            return;
    if (pending_count == MAX_PENDING)
        settle();
    if (!pending_count)
        pending_since = ferry_clock();
    cl_event event;
    check(clEnqueueNDRangeKernel(cl.queue, k, dims, NULL, global, local, 0, NULL, &event),
          "clEnqueueNDRangeKernel (kernel %s, %u dimensions)", name, dims);
    /* Counted first: the statistics' own exit handler must run after
     * settle_at_exit, so it is registered before it. */
    ferry_count_work(work_items);
    static int registered;
    if (!registered) {
        registered = 1;
        atexit(settle_at_exit);
    }
    pending[pending_count].event = event;
    pending[pending_count].name = name;
    pending_count++;
    if (cl.blocking)
        settle();
}
