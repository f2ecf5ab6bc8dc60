// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run => to=48 from=48
// A write in an actual argument: the calls of scale evaluate `t++`, so the transfers at
// scale's entry and exit cannot move to them (the state at the call is not the state at the
// entry), and scale keeps its own. Between the two calls in main nothing cancels either.
// 3 calls of 4 ints: to = from = 3 * 16.
#include "../dma/dma.h"
#include <stdio.h>

static void scale(int t, int *host, int *dev)
{
    memload(dev, host, 4 * sizeof(int));
    for (int i = 0; i < 4; i++)
        dev[i] = dev[i] * 2 + t;
    memstore(host, dev, 4 * sizeof(int));
}

int main(void)
{
    int a[4] = {1, 2, 3, 4}, dev[4];
    int t = 0;
    scale(t++, a, dev);
    scale(t++, a, dev);
    scale(t++, a, dev);
    printf("%d %d %d %d %d\n", a[0], a[1], a[2], a[3], t);
    return 0;
}
