// ferry-test: isolate --function block --closed-program
// ferry-test: run 5 => to=64 from=64
// ferry-test: run 16 => to=64 from=64
// ferry-test: run 0 => to=64 from=64
// ferry-test: run 40 => to=64 from=64
// memcpy, memset and memmove on isolated arrays get the device addresses of
// the elements they start at, and their runs are the regions (exact).
// n read only, passed by value -> 0.  in: memcpy(x, in, 64) reads in[0..15], so does the loop -> 64.
// x is the body's own.  out: memset writes [0, n-1], memmove [n, 15]: all of
// [0, 15] (0 <= n <= 16), read by main afterwards -> stored, 64; nothing loaded.
// to = 64, from = 64 for every n. (0 <= n <= 16 comes from main's call:
// the program is closed, `block` specialised to it.)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void block(unsigned int *out, const unsigned int *in, int n)
{
    unsigned int x[16];
    memcpy(x, in, 64);
    for (int i = 0; i < 16; i++)
        x[i] = (x[i] << 3 | x[i] >> 29) + in[15 - i];
    memset(out, 0, n * sizeof(unsigned int));
    memmove(out + n, &x[n], (16 - n) * sizeof(unsigned int));
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 0)
        n = 0;
    if (n > 16)
        n = 16;
    unsigned int in[16], out[16];
    for (int i = 0; i < 16; i++)
        in[i] = i * 2654435761u;
    block(out, in, n);
    for (int i = 0; i < 16; i++)
        printf("%u\n", out[i]);
    return 0;
}
