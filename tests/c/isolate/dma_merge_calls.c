// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 0 => to=40 from=24 loads=2 stores=1
// ferry-test: run 3 => to=40 from=24 loads=2 stores=1
// ferry-test: run 6 => to=40 from=24 loads=2 stores=1
// Helpers that fetch a window of 4 ints of s into d at offset i, and put one back. Their
// transfers leave them for the call sites (they name only parameters, which the helpers do not
// write), in the caller's terms; there the windows at i and i + 2 of two fetches in a row sit
// side by side and become one load of 6 ints, and so do the two puts. The fetch at j stays
// apart: j comes from the command line, and whether its window meets the others is not known.
// The device array starts poisoned: a window no load fills shows in the output.
// Hand count (4-byte ints): in, 24 (i and i + 2, one load) + 16 (j) = 40 in 2 loads; out, the
// windows at i + 2 and i: 24 in 1 store. Without the merges: 48 in 3 loads, 32 in 2 stores.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

#define POISON (-5555)

static void fetch(int *d, const int *s, int i)
{
    memload(&d[i], &s[i], 4 * sizeof(int));
}

static void put(int *s, const int *d, int i)
{
    memstore(&s[i], &d[i], 4 * sizeof(int));
}

int main(int argc, char **argv)
{
    int j = argc > 1 ? atoi(argv[1]) % 8 : 0;
    if (j < 0)
        j = 0;
    int s[16], t[16], d[16], e[16];
    for (int x = 0; x < 16; x++) {
        s[x] = x + 1;
        t[x] = 40 - x;
        d[x] = e[x] = POISON;
    }
    int i = 5;
    fetch(d, s, i);
    fetch(d, s, i + 2);
    fetch(e, t, j);
    for (int x = i; x < i + 6; x++)
        d[x] = d[x] * 3 + e[j];
    put(s, d, i + 2);
    put(s, d, i);
    long sum = 0;
    for (int x = 0; x < 16; x++)
        sum += (long)s[x] * (x + 1);
    printf("%ld\n", sum);
    return 0;
}
