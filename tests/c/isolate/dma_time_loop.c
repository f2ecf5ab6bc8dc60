// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 5 => to=32 from=16
// ferry-test: run 0 => to=32 from=16
// A time loop whose body loads, computes on the device and stores back: the load of u and its
// reciprocal store leave the loop together (every iteration reloads what the previous one
// stored); the load of the coefficients c, never written, leaves alone. With no iteration at
// all the hoisted load and store still run, and store back what was loaded: the output is
// the same.
// 4 ints each: to = 16 (u) + 16 (c) = 32; from = 16. Originally 5 * 32 in and 5 * 16 out.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

static void relax(int *u, const int *c)
{
    int next[4];
    for (int i = 0; i < 4; i++)
        next[i] = (u[(i + 3) % 4] + u[(i + 1) % 4]) / 2 + c[i];
    for (int i = 0; i < 4; i++)
        u[i] = next[i];
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 3;
    int u[4] = {8, 0, -8, 4}, c[4] = {1, -1, 2, 0};
    int du[4], dc[4];
    for (int t = 0; t < steps; t++) {
        memload(du, u, sizeof u);
        memload(dc, c, sizeof c);
        relax(du, dc);
        memstore(u, du, sizeof u);
    }
    printf("%d %d %d %d\n", u[0], u[1], u[2], u[3]);
    return 0;
}
