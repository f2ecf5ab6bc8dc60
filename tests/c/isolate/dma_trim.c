// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 0 => to=60 from=80 loads=5 stores=5
// ferry-test: run 2 => to=60 from=80 loads=5 stores=5
// ferry-test: run 7 => to=60 from=80 loads=5 stores=5
// A helper scales a window of 4 ints of s on the device: it loads the window, works on it and
// stores it back. Its transfers leave it for the call sites, and there each window's store
// meets the load of the next window. Where the two windows overlap, the host already holds
// what the device holds: the load only has to bring what the store did not cover.
// The device array starts poisoned: an element no load brings shows in the output.
// Hand count (4-byte ints), loads:
// - the window at i: 16 bytes;
// - at i + 2, after the store of i..i+3: s[i+4..i+5] only, 8 bytes;
// - at i + 6, after the store of i+2..i+5: the windows touch, nothing is common: 16 bytes;
// - at i + 5, after the store of i+6..i+9: s[i+5] only, 4 bytes;
// - at j (from the command line): whether it meets the window before is not known: 16 bytes.
// to = 60 in 5 loads (80 without the trimming); every store stays whole: from = 80 in 5.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

#define POISON (-4444)

static void scale(int *d, int *s, int i, int k)
{
    memload(&d[i], &s[i], 4 * sizeof(int));
    for (int x = i; x < i + 4; x++)
        d[x] = d[x] * k + x;
    memstore(&s[i], &d[i], 4 * sizeof(int));
}

int main(int argc, char **argv)
{
    int j = argc > 1 ? atoi(argv[1]) % 8 : 0;
    if (j < 0)
        j = 0;
    int s[20], d[20];
    for (int x = 0; x < 20; x++) {
        s[x] = x + 1;
        d[x] = POISON;
    }
    int i = 3;
    scale(d, s, i, 2);
    scale(d, s, i + 2, 3);
    scale(d, s, i + 6, 5);
    scale(d, s, i + 5, 7);
    scale(d, s, j, 11);
    long sum = 0;
    for (int x = 0; x < 20; x++)
        sum += (long)s[x] * (x + 1);
    printf("%ld\n", sum);
    return 0;
}
