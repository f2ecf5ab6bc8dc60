// ferry-test: isolate --pragma
// ferry-test: run => to=64 from=40
// A load whose box covers an element the device changed and has not stored
// yet: the store is made before the load, else the load would put the
// host's old value over the new one.
// First: a: IN {1} -> 8; b: W {1} exact (nothing loaded).
// Second: b: IN {0,2,4,6}, none on the device; a strided set has no box
// pieces, and its box [0,6] meets b[1]: store b[1] -> 8, then load [0,6]
// -> 56; c: W [0,3] exact -> 32.
// to = 8+56 = 64, from = 8+32 = 40.
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
    b[1] = a[1] * 10;
#pragma ferry isolate
    for (int i = 0; i < 4; i++)
        c[i] = b[2 * i] + 1;
    for (int i = 0; i < 8; i++)
        printf("%ld %ld\n", b[i], c[i]);
    return 0;
}
