// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run => to=32 from=32
// Aliasing through a global: step() is given the global g as `host`, and bump() writes g
// directly between the store and the next load. Neither may cross bump(): the store would
// overwrite bump's write, and without the second load the device would miss it. Nothing moves.
// 4 ints: to = 2 * 16, from = 2 * 16.
#include "../dma/dma.h"
#include <stdio.h>

int g[4] = {1, 2, 3, 4};

static void bump(void)
{
    g[0] += 100;
}

static void increment(int *d)
{
    for (int i = 0; i < 4; i++)
        d[i] += 1;
}

static void step(int *host, int *dev)
{
    memload(dev, host, 4 * sizeof(int));
    increment(dev);
    memstore(host, dev, 4 * sizeof(int));
    bump();
    memload(dev, host, 4 * sizeof(int));
    increment(dev);
    memstore(host, dev, 4 * sizeof(int));
}

int main(void)
{
    int dev[4];
    step(g, dev);
    printf("%d %d %d %d\n", g[0], g[1], g[2], g[3]);
    return 0;
}
