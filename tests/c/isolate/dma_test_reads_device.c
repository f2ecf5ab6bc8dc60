// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run => to=0 from=0
// ferry-test: run 1 => to=24 from=24
// The loop's test reads the accelerator memory the body's load fills: hoisting the load and its
// store out of the loop would fill d before the first test (with 1, so that the loop would run
// when it must not, for mode 0), so they stay in the loop. 2 ints, 8 bytes each way per
// iteration; mode 0: d[0] = 50, no iteration; mode 1: three iterations (a[0] = 1, 5, 9, 13).
#include "../dma/dma.h"
#include <stdio.h>

int main(int argc, char **argv)
{
    int a[2] = {1, 2}, d[2] = {argc > 1 ? 0 : 50, 0};
    (void)argv;
    while (d[0] < 10) {
        memload(d, a, sizeof a);
        d[0] += 4;
        memstore(a, d, sizeof a);
    }
    printf("%d %d %d\n", a[0], a[1], d[0]);
    return 0;
}
