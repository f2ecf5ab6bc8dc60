// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 3 => to=48 from=80
// ferry-test: run 0 => to=48 from=32
// A store without a reciprocal load leaves a loop only when the loop surely runs once: each
// iteration stores what the device holds, so the last store is the only one that counts.
// - a counted loop of 4 iterations: the load of the coefficients (never written) and the store
//   of the result both leave it: 16 in, 16 out;
// - a do-while (at least one iteration): the same, 16 in, 16 out;
// - a counted loop of n iterations, n from the command line, maybe none: the load leaves it
//   (a load may run for nothing), the store stays, once per iteration: 16 in, 16n out.
// n=3: to 48, from 16+16+48 = 80. n=0: to 48, from 32. Originally 10 loads and 10 stores for n=3.
// The device results start as 77s: a store wrongly moved out of the last loop would print them.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

static void step(int *out, const int *c, int t)
{
    for (int i = 0; i < 4; i++)
        out[i] = c[i] * (t + 1) - i;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3;
    int c1[4] = {1, 2, 3, 4}, c2[4] = {5, 6, 7, 8}, c3[4] = {-1, -2, -3, -4};
    int out1[4] = {0}, out2[4] = {0}, out3[4] = {0};
    int d1[4], d2[4], d3[4];
    int r1[4] = {77, 77, 77, 77}, r2[4] = {77, 77, 77, 77}, r3[4] = {77, 77, 77, 77};
    for (int t = 0; t < 4; t++) {
        memload(d1, c1, sizeof c1);
        step(r1, d1, t);
        memstore(out1, r1, sizeof out1);
    }
    int k = 0;
    do {
        memload(d2, c2, sizeof c2);
        step(r2, d2, k);
        memstore(out2, r2, sizeof out2);
        k++;
    } while (k < n);
    for (int t = 0; t < n; t++) {
        memload(d3, c3, sizeof c3);
        step(r3, d3, t);
        memstore(out3, r3, sizeof out3);
    }
    for (int i = 0; i < 4; i++)
        printf("%d %d %d\n", out1[i], out2[i], out3[i]);
    return 0;
}
