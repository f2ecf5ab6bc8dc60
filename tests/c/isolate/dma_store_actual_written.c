// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run => to=8 from=16 loads=1 stores=2
// A helper's store names its parameter i, which it never writes, but the call passes the
// global off as i and the helper writes off: after the call, &s[off] is no longer &s[i]. That
// store must stay in the helper. The other helper's store is free to leave, and its call's
// actual is a local the callee cannot reach.
// Hand count (4-byte ints): put's store, 2 ints, stays: 8 bytes; keep's load and store of
// 2 ints leave for the call site: 8 in, 8 out. Moving put's store out would store s[5..6]
// instead of s[1..2]: the output differs.
#include "../dma/dma.h"
#include <stdio.h>

int off = 1;

static void put(int *s, int *d, int i)
{
    d[i] += 100;
    off = 5;
    memstore(&s[i], &d[i], 2 * sizeof(int));
}

static void keep(int *s, int *d, int i)
{
    memload(&d[i], &s[i], 2 * sizeof(int));
    d[i] *= 3;
    memstore(&s[i], &d[i], 2 * sizeof(int));
}

int main(void)
{
    int s[10], d[10];
    for (int x = 0; x < 10; x++) {
        s[x] = x;
        d[x] = -x;
    }
    put(s, d, off);
    int k = 7;
    keep(s, d, k);
    long sum = 0;
    for (int x = 0; x < 10; x++)
        sum += s[x] * (x + 1);
    printf("%ld %d\n", sum, off);
    return 0;
}
