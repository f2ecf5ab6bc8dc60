// ferry-test: isolate --pragma
// ferry-test: run => to=64 from=64
// A load whose box covers elements the device changed and has not stored
// yet: the store is made before the load, else the load would put the
// host's old values over the new ones.
// First: a: IN [2,3] -> 16; b: W [2,3] exact (nothing loaded).
// Second: b: IN [0,5]; the device holds b[2..3] only, the box of the rest
// is [0,5], which meets b[2..3]: store b[2..3] -> 16, then load [0,5] -> 48;
// c: W [0,5] exact -> 48.
// to = 16+48 = 64, from = 16+48 = 64.
#include <stdio.h>

int main(void)
{
    long a[8], b[8], c[8];
    for (int i = 0; i < 8; i++) {
        a[i] = i * 7 - 3;
        b[i] = 100 + i;
        c[i] = -1;
    }
#pragma ferry isolate
    for (int i = 2; i < 4; i++)
        b[i] = a[i] * 10;
#pragma ferry isolate
    for (int i = 0; i < 6; i++)
        c[i] = b[i] + 1;
    for (int i = 0; i < 8; i++)
        printf("%ld %ld\n", b[i], c[i]);
    return 0;
}
