// ferry-test: isolate --function sweep
// ferry-test: run 8 3 => to=128 from=96
// ferry-test: run 3 2 => to=48 from=16
// ferry-test: run 5 0 => to=0 from=0
// ferry-test: plan hull --no-optimize-transfers
// ferry-test: run 8 3 => to=384 from=288
// ferry-test: run 3 2 => to=96 from=32
// `--function sweep`, called twice per time step: sweep's transfers move
// to its two call sites (section 4.1), which are two statements of the
// loop's body, so their buffers are shared and a and b leave the loop.
// Each call: n, read only, passed by value -> 0; src: IN [0,n-1]; dst: W [1,n-2] exact (translated
// from the formals to the blocks a and b).
// Around the loop: a loads [0,n-1] (8n); b loads [0,n-1] - W(first call)
// = {0, n-1}, whose box is [0,n-1] (8n: two runs cost more than one
// under the host model); after it a [1,n-2] and b [1,n-2] are printed.
// to = 16n, from = 16(n-2) when a step runs.
// 8 3: 128, from 96.  3 2: 48, from 16.  No step:
// nothing (the loads are made in the first step).
// Body isolation (each call alone): 8n in, 8(n-2) out, 2 calls a step.
// 8 3: 6 * 64 = 384, 6 * 48 = 288.  3 2: 4 * 24 = 96, 4 * 8 = 32.
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, double src[n], double dst[n])
{
    for (int i = 1; i < n - 1; i++)
        dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), steps = atoi(argv[2]);
    double *a = malloc(sizeof(double[n]));
    double *b = malloc(sizeof(double[n]));
    for (int i = 0; i < n; i++) {
        a[i] = (i * 7 % 5) + 0.5;
        b[i] = -1.0 - i;
    }
    for (int t = 0; t < steps; t++) {
        sweep(n, a, b);
        sweep(n, b, a);
    }
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += a[i] * (i + 1) - b[i];
    printf("%.9f\n", sum);
    free(a);
    free(b);
    return 0;
}
