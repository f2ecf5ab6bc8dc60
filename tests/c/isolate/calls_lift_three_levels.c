// ferry-test: isolate --function point
// ferry-test: run 8 3 => to=128 from=96 loads=2 stores=2
// ferry-test: run 3 2 => to=48 from=16
// ferry-test: run 5 0 => to=0 from=0
// Three levels: point computes one element, sweep calls it for the
// inner elements, step sweeps a into b and back, main steps in a loop.
// sweep and step do nothing but count from their scalar n, so point's
// transfers move to sweep's loop, then to step's two calls of sweep,
// then to main's calls of step, whose iterations share them (Listing
// 1.8): the device copies of a and b stay on the device for the whole
// time loop.
// Per step: n, read only, passed by value -> 0. a: IN [0,n-1]; b: IN [0,n-1] - W(first sweep) =
// {0, n-1}, whose box is [0,n-1] (two runs cost more than one under the
// host model). Both are loaded in the first step only; a[1,n-2] and
// b[1,n-2] come back after the last (main reads both).
// to = 16n, from 16(n-2) when a step runs.
// 8 3: 128 (a, b: 2 loads), from 96 (a, b: 2 stores).
// 3 2: 48, from 16. No step: nothing.
#include <stdio.h>
#include <stdlib.h>

static void point(int i, int n, double src[n], double dst[n])
{
    dst[i] = (src[i - 1] + src[i] + src[i + 1]) / 3.0;
}

static void sweep(int n, double src[n], double dst[n])
{
    for (int i = 1; i < n - 1; i++)
        point(i, n, src, dst);
}

static void step(int n, double a[n], double b[n])
{
    sweep(n, a, b);
    sweep(n, b, a);
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
    for (int t = 0; t < steps; t++)
        step(n, a, b);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += a[i] * (i + 1) - b[i];
    printf("%.9f\n", sum);
    free(a);
    free(b);
    return 0;
}
