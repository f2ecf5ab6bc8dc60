// ferry-test: isolate --transfers-only
// ferry-test: cflags tests/c/dma/dma.c
// ferry-test: run => to=8 from=16
// Listing 1.6 with a caller. bar's load and store leave the while loop (each iteration reloads
// what the previous one stored), then bar (every call is a plain statement); in foo the load
// between the two calls of bar meets the store before it and disappears; foo's load and last
// store move on into main. The store between the calls stays: bar writes k after it.
// Original: bar(0) runs 1 iteration, bar(1) 2: 3 loads and 3 stores of 8 bytes.
// Optimised: to = 8 (one load, in main); from = 16 (the store between the calls, one in main).
#include "../dma/dma.h"
#include <stdio.h>

void bar(int i, int j[2], int k[2])
{
    while (i-- >= 0) {
        memload(k, j, sizeof(int) * 2);
        k[0]++;
        memstore(j, k, sizeof(int) * 2);
    }
}

void foo(int j[2], int k[2])
{
    bar(0, j, k);
    bar(1, j, k);
}

int main(void)
{
    int j[2] = {10, 20};
    int k[2] = {-1, -1};
    foo(j, k);
    printf("%d %d\n", j[0], j[1]);
    return 0;
}
