// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 0 => to=16 from=16
// ferry-test: run 1 => to=32 from=32
// ferry-test: run 2 => to=16 from=16
// ferry-test: run 3 => to=0 from=0
// Transfers in unstructured code: a switch, a label, an early return. Straight runs inside the
// control-flow graph are optimised as sequences (case 1: the second load follows its reciprocal
// store and goes; a store then its double); nothing crosses a branch or a join.
// 4 ints. mode 0: one load, one store. mode 1: two loads, the third goes, two stores (the first
// store's double goes). mode 2: one load and one store after the label. mode 3: returns first.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

static void inc(int *d, int x)
{
    for (int i = 0; i < 4; i++)
        d[i] += x;
}

static int run(int mode, int *a, int *d)
{
    if (mode == 3)
        return -1;
    switch (mode) {
    case 0:
        memload(d, a, 4 * sizeof(int));
        inc(d, 1);
        memstore(a, d, 4 * sizeof(int));
        break;
    case 1:
        memload(d, a, 4 * sizeof(int));
        inc(d, 2);
        memstore(a, d, 4 * sizeof(int));
        memload(d, a, 4 * sizeof(int));
        memstore(a, d, 4 * sizeof(int));
        a[0] += 1;
        memload(d, a, 4 * sizeof(int));
        inc(d, 3);
        memstore(a, d, 4 * sizeof(int));
        break;
    default:
        goto again;
    }
    return mode;
again:
    memload(d, a, 4 * sizeof(int));
    inc(d, -5);
    memstore(a, d, 4 * sizeof(int));
    return 7;
}

int main(int argc, char **argv)
{
    int mode = argc > 1 ? atoi(argv[1]) : 0;
    int a[4] = {1, 2, 3, 4}, d[4];
    int r = run(mode, a, d);
    printf("%d: %d %d %d %d\n", r, a[0], a[1], a[2], a[3]);
    return 0;
}
