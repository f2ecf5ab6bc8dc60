// ferry-test: isolate --label kernel
// ferry-test: run 50 => to=200 from=392
// ferry-test: run 3 => to=12 from=16
// ferry-test: run 1 => to=0 from=0
// An array of unions written through one member and read through the
// other in the next iteration: the members share the element's bytes, so
// the regions are the union objects (a write through a member is may, as
// a smaller member would leave bytes), the loop carries a dependence
// (sequential), and the writes go back to the host for main's reads of
// the other member.
// union cell is 4 bytes. n: read only, passed by value, 0; i local.
// v: W (may) [1, n-1], R [0, n-2]: loaded as the hull [0, n-1], 4n bytes
//    (may writes keep the bytes they do not write); stored [1, n-1], 4(n-1).
// w: W [1, n-1] exact -> stored 4(n-1), not loaded.
// to = 4n, from = 8(n-1) for n >= 2.  n=50: to 200, from 392; n=3: 12,
// 16; n=1: the loop does not run, nothing moves.
#include <stdio.h>
#include <stdlib.h>

union cell {
    int i;
    float f;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    union cell v[64];
    float w[64];
    for (int i = 0; i < 64; i++) {
        v[i].i = 1000 + i;
        w[i] = 0;
    }
kernel:
    for (int i = 1; i < n; i++) {
        v[i].f = 2.5f * i;
        w[i] = (float)v[i - 1].i;
    }
    for (int i = 0; i < 64; i++)
        printf("%d %.9g\n", v[i].i, w[i]);
    return 0;
}
