// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 3 => to=48 from=48
// The host writes the array inside the loop, between iterations: every iteration must reload
// it and store it back, so nothing leaves the loop.
// 3 iterations of 16 bytes each way.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

static void negate(int *d)
{
    for (int i = 0; i < 4; i++)
        d[i] = -d[i];
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 3;
    int a[4] = {1, 2, 3, 4}, d[4];
    for (int t = 0; t < steps; t++) {
        memload(d, a, sizeof a);
        negate(d);
        memstore(a, d, sizeof a);
        a[t % 4] += 10;
    }
    printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
    return 0;
}
