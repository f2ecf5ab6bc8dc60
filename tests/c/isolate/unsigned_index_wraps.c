// ferry-test: isolate --label kernel
// ferry-test: run => to=36 from=36
// An unsigned index started at a negative value starts at 2^32 - 12, past
// its bound: the loop never runs (Csmith seed 92 writes such loops). Its
// writes of `a` are then empty, not a[0..5] surely written, and all of `a`
// is imported (had a[0..5] been taken as written first, only a[6..7] would
// be loaded, and b[0..5] would get the device's poison).
// a: IN [0,7] int -> load 32, not written -> no store. b: W exact [0,7],
// printed after -> store 32. u: read and written -> load 4, store 4.
// to = 36, from = 36.
#include <stdio.h>

unsigned int u;
int a[8], b[8];

int main(void)
{
    for (int k = 0; k < 8; k++)
        a[k] = k + 1;
kernel: {
        for (u = -12; u <= 5; u++)
            a[u] = 0;
        for (int k = 0; k < 8; k++)
            b[k] = a[k];
    }
    int sum = 0;
    for (int k = 0; k < 8; k++)
        sum += a[k] + 10 * b[k];
    printf("u=%u sum=%d\n", u, sum);
    return 0;
}
