// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run 4 => to=16 from=32
// A host read between a store and the next load. The store must stay before the printf, which
// reads what it stored; the load after the printf may move above that read, meets the store and
// goes (it would copy back what the store left). The last store stays before the loop that
// prints the array, and the first load after the loop that fills it.
// n=4 (16 bytes): original 2 loads, 2 stores; optimised to = 16 (one load), from = 32.
#include "../dma/dma.h"
#include <stdio.h>
#include <stdlib.h>

static void twice(int *d, int n)
{
    for (int i = 0; i < n; i++)
        d[i] *= 2;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4;
    int a[16], d[16];
    if (n < 1 || n > 16)
        return 2;
    for (int i = 0; i < n; i++)
        a[i] = i + 1;
    memload(d, a, n * sizeof(int));
    twice(d, n);
    memstore(a, d, n * sizeof(int));
    printf("%d\n", a[0]);
    memload(d, a, n * sizeof(int));
    twice(d, n);
    memstore(a, d, n * sizeof(int));
    for (int i = 0; i < n; i++)
        printf("%d ", a[i]);
    printf("\n");
    return 0;
}
