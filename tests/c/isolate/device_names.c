// ferry-test: isolate --label kernel
// ferry-test: run 37 => to=296 from=185
// ferry-test: run 1 => to=8 from=5
// ferry-test: run 0 => to=0 from=0
// Device code written from a C program's names: typedef names of basic types (`Bool`, `Int32`,
// `Index`, a typedef of a typedef, and `real`) declared, cast to and measured by sizeof in the
// loop's body, as bzip2 does with `((Bool)0)`, and names the device languages reserve: `local`,
// `half` and `float4` in OpenCL C, `new` and `class` in C++ (CUDA), and enumeration constants in
// the kernel and in a function it calls (as libwebp's VP8Clip8 uses YUV_MASK2), and C's `abs` in
// signed comparisons and division (OpenCL C's returns `uint`: the kernel converts it back). The kernel spells
// the types out, renames the reserved names and writes the constants' values; the host keeps all.
// x: R [0,n-1], 8n bytes; done and q: W [0,n-1], n + 4n bytes; local and new by value.
#include <stdio.h>
#include <stdlib.h>

typedef unsigned char Bool;
typedef int Int32;
typedef Int32 Index;
typedef double real;

#define True ((Bool)1)
#define False ((Bool)0)

enum { SHIFT = 2, MASK = (1 << SHIFT) - 1, LIMIT = -MASK * 100 };

static Int32 clip(Int32 v)
{
    return v < LIMIT ? LIMIT : (v & ~MASK) >> SHIFT;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 0)
        n = 0;
    real local = 0.5;
    Int32 new = 3;
    real *x = malloc(sizeof(real) * (n + 1));
    Bool *done = malloc(n + 1);
    Int32 *q = malloc(sizeof(Int32) * (n + 1));
    if (!x || !done || !q)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] = (double)((i * 7) % 13) / 3;
kernel:
    for (Index class = 0; class < n; class++) {
        real half = x[class] * local;
        Int32 float4 = (Int32)(half * 4) - new;
        done[class] = float4 > 2 ? True : False;
        q[class] = float4 + (Int32)sizeof(real) + (Int32)sizeof(Bool) + (float4 & MASK) + clip(float4 * 37) -
                   (abs(float4 - 5) > -1) - abs(float4) / -2;
    }
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += done[i] * (i + 1) + q[i] * 3;
    printf("device names %d: %ld\n", n, sum);
    free(x);
    free(done);
    free(q);
    return 0;
}
