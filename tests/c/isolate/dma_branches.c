// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 1 => to=16 from=16
// ferry-test: run 2 => to=16 from=16
// Both branches load the same bytes first and store them last: the load leaves the `if` above,
// the store below. Then the whole `if`, with its transfers outside, sits in a loop that keeps
// them (the loop's condition reads nothing they touch, but the branches' kernels differ and
// that is fine: the pair leaves the loop too).
// 4 ints: to = 16, from = 16 whatever the number of iterations.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

static void add(int *d, int x)
{
    for (int i = 0; i < 4; i++)
        d[i] += x;
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 2;
    int a[4] = {1, 2, 3, 4}, d[4];
    for (int t = 0; t < steps; t++) {
        if (t % 2 == 0) {
            memload(d, a, sizeof a);
            add(d, 3);
            memstore(a, d, sizeof a);
        } else {
            memload(d, a, sizeof a);
            add(d, -1);
            add(d, 5);
            memstore(a, d, sizeof a);
        }
    }
    printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
    return 0;
}
