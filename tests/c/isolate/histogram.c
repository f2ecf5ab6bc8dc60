// ferry-test: isolate --label kernel
// ferry-test: run 64 => to=128 from=64
// ferry-test: run 5 => to=69 from=64
// ferry-test: run 0 => to=0 from=0
// Histogram with a data-dependent subscript: hist[data[i] % 16]++, unsigned char data.
// n: read only, passed by value -> 0.  data: R [0,n-1] -> n bytes.
// hist: subscript unknown (from memory) -> the whole array [0,15], may -> load 64 and store 64 (n >= 1).
// to = n + 64, from = 64.  n=64: 128 / 64; n=5: 69 / 64; n=0: 0 / 0 (no iteration, empty regions).
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    unsigned char data[64];
    int hist[16];
    for (int i = 0; i < 64; i++)
        data[i] = (unsigned char)((i * 37 + 11) % 251);
    for (int b = 0; b < 16; b++)
        hist[b] = b;
kernel:
    for (int i = 0; i < n; i++)
        hist[data[i] % 16]++;
    for (int b = 0; b < 16; b++)
        printf("%d ", hist[b]);
    printf("\n");
    return 0;
}
