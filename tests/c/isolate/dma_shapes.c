// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 0 => to=20 from=20
// ferry-test: run 3 => to=36 from=36
// Transfers in every shape of statement the pass walks: a do-while, an unbraced loop body, a
// `for` that is not counted inside a nested block, declarations in between, a labelled
// transfer, an `if` without `else`. Whatever moves, the program must print the same.
// Hand count (a: 4 ints, 16 bytes; s: 4 bytes):
// - the do-while's load and store of a leave it together, the load up to the declaration of a
//   and d, the store down to the `if`, which loads a itself: 16 in, 16 out;
// - the load of s in the unbraced `while (k-- > 0)` leaves it (nothing in the loop touches s
//   or ds) and goes up to the declaration of s; the `for`'s pair leaves the loop and then the
//   block; its load meets the first one and goes; its store meets the labelled one and one
//   goes; the last crosses the `if` down to the printf: 4 in, 4 out;
// - the `if`'s own pair runs when mode > 1: 16 in, 16 out.
// mode 0: to = from = 20; mode 3: 36 and 36. Without the optimisation: 64 and 64 for mode 0.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int mode = argc > 1 ? atoi(argv[1]) : 0;
    int a[4] = {1, 2, 3, 4}, d[4];
    int s = 5, ds;
    int k = 1;
    int rounds = 0;
    do {
        memload(d, a, sizeof a);
        d[rounds] += 10;
        memstore(a, d, sizeof a);
        rounds++;
    } while (rounds < 2);
    while (k-- > 0)
        memload(&ds, &s, sizeof s);
    {
        int bump = 3;
        for (int x = 1; x < 100; x *= 2) {
            memload(&ds, &s, sizeof s);
            ds += bump;
            memstore(&s, &ds, sizeof s);
        }
    }
tail:
    memstore(&s, &ds, sizeof s);
    if (mode > 1) {
        memload(d, a, sizeof a);
        d[0] = -d[0];
        memstore(a, d, sizeof a);
    }
    printf("%d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], s, rounds);
    return 0;
}
