// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 0 => to=96 from=52 loads=8 stores=3
// ferry-test: run 1 => to=104 from=52 loads=8 stores=3
// ferry-test: run 5 => to=136 from=52 loads=8 stores=3
// Transfers of overlapping or touching runs of the same two arrays, side by side, become one
// copy of their hull; those that may leave a gap, or copy at different distances, stay two.
// The device arrays start poisoned: a run no copy fills shows in the output.
// Hand count (ints of 4 bytes; k = min(argc-given value, 8), so 0 <= k <= 8):
// - the window loads d[2..5] and d[4..7] from s at the same distance: one load of d[2..7],
//   6 ints, 24 bytes (48 before, in two copies);
// - the prefix loads e[0..k-1] then e[k..k+3]: they touch whatever k is, one load of k + 4 ints:
//   16 + 4k bytes;
// - the gap loads f[0..1] and f[3..4]: the hull would copy f[2] too, they stay: 16 bytes;
// - the shifted loads g[0..3] from t[0..3] and g[2..5] from t[4..7]: not the same distance,
//   they stay: 32 bytes;
// - the stores of d[2..5] and d[3..6] back to s are one store of d[2..6]: 20 bytes; the two
//   stores of g stay (32 bytes, different distances);
// - then the maybe-gap loads h[0..k-1] and h[2..3]: k may be 0 or 1, which leaves a gap, so
//   they stay: 4k + 8 bytes.
// to = 24 + 16 + 4k + 16 + 32 + 8 + 4k = 96 + 8k in 8 loads; from = 20 + 32 = 52 in 3 stores.
// Without the merges: 120 + 8k in 12 loads, 56 in 4 stores.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

#define POISON (-7777)

int main(int argc, char **argv)
{
    int k = argc > 1 ? atoi(argv[1]) : 0;
    if (k < 0)
        k = 0;
    if (k > 8)
        k = 8;
    int s[16], t[16], d[16], e[16], f[16], g[16], h[16];
    for (int i = 0; i < 16; i++) {
        s[i] = i * 3 + 1;
        t[i] = 100 - i;
        d[i] = e[i] = f[i] = g[i] = h[i] = POISON;
    }
    memload(&d[2], &s[2], 4 * sizeof(int));
    memload(d + 4, s + 4, sizeof(int) * 4);
    memload(e, s, k * sizeof(int));
    memload(&e[k], &s[k], 4 * sizeof(int));
    memload(f, s, 2 * sizeof(int));
    memload(&f[3], &s[3], 2 * sizeof(int));
    memload(g, t, 4 * sizeof(int));
    memload(&g[2], &t[4], 4 * sizeof(int));
    for (int i = 2; i < 7; i++)
        d[i] = d[i] * 2 + e[i] - f[i] - g[i];
    memstore(&s[2], &d[2], 4 * sizeof(int));
    memstore(&s[3], &d[3], 4 * sizeof(int));
    memstore(t, g, 4 * sizeof(int));
    memstore(&t[4], &g[2], 4 * sizeof(int));
    memload(h, s, k * sizeof(int));
    memload(&h[2], &s[2], 2 * sizeof(int));
    long sum = 0;
    for (int i = 0; i < 16; i++)
        sum += (long)s[i] * (i + 1) + (long)t[i] * (i + 2) + (long)e[i] + f[i] + h[i] * 3;
    printf("%ld\n", sum);
    return 0;
}
