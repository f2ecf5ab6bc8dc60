/* GNU attributes in every position: functions (before, after the
 * declarator of a prototype), variables, struct members, types, typedefs,
 * parameters, pointer qualifiers, enum types, labels and statements. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int twice(int x) { return 2 * x; }
static int thrice(int x) __attribute__((const, noinline));
static int thrice(int x) { return 3 * x; }
static int ignored_param(int x __attribute__((unused)), int y) { return y; }
static int deref_param(int *__attribute__((unused)) p, const int *__restrict q) { return *q; }
__attribute__((format(printf, 1, 2))) static void logf_(const char *fmt, ...);

static int counter;
__attribute__((constructor)) static void before_main(void) { counter = 100; }

struct __attribute__((packed)) tight {
    char c;
    int i;
};

struct loose {
    char c;
    int i __attribute__((aligned(16)));
    char tail[3] __attribute__((nonstring));
} __attribute__((aligned(32)));

typedef int v4si __attribute__((vector_size(16)));
typedef struct { short a, b; } __attribute__((aligned(8))) pair8;

enum __attribute__((packed)) small { S0, S1 = 200 };

static int global_unused __attribute__((unused)) = 7;
static int __attribute__((used)) global_used = 8;
static int *__attribute__((aligned(8))) aligned_ptr = &global_used;

static void release(char **p)
{
    printf("release %s\n", *p);
}

static int classify(int x)
{
    int r = 0;
    switch (x) {
    case 0:
        r = 1;
        __attribute__((fallthrough));
    case 1:
        r += 2;
        break;
    default:
        r = -1;
    }
    return r;
}

#include <stdarg.h>
static void logf_(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

__attribute__((noreturn)) static void stop(int code)
{
    fflush(stdout);
    exit(code);
}

int main(void)
{
    int local __attribute__((aligned(16))) = 3;
    __attribute__((unused)) int also_unused = 0;
    {
        char *name __attribute__((cleanup(release))) = "scoped";
        printf("in scope\n");
    }
    v4si v = {1, 2, 3, 4};
    v4si w = v * 2 + 1;
    pair8 p = {1, 2};
    int n = 0;
retry: __attribute__((unused));
    n++;
    if (n < 3)
        goto retry;
    logf_("%d %d %d %d %d\n", twice(local), thrice(4), ignored_param(0, 5), counter, n);
    logf_("%zu %zu %zu %zu\n", sizeof(struct tight), sizeof(struct loose), sizeof(enum small), _Alignof(pair8));
    logf_("%d %d %d %d | %d %d\n", w[0], w[1], w[2], w[3], p.a + p.b, *aligned_ptr);
    logf_("%d %d %d %d\n", classify(0), classify(1), classify(2), deref_param(0, &local));
    stop(0);
}
