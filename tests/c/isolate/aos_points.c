// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=120 from=120
// ferry-test: run 1 => to=12 from=12
// ferry-test: run 0 => to=0 from=0
// Array of structs pts[i].z = pts[i].x * pts[i].y; struct pt is 3 floats, 12 bytes.
// n: read only, passed by value, 0.
// pts: box over its own subscript [0,n-1], whole elements; field regions count as may,
//      so the Store box is loaded too: load 12n, store 12n.
// n=10: to 120, from 120; n=1: to 12, from 12; n=0: to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

struct pt {
    float x, y, z;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct pt pts[16];
    for (int i = 0; i < 16; i++) {
        pts[i].x = i * 0.5f;
        pts[i].y = 3.0f - i;
        pts[i].z = -9.0f;
    }
kernel:
    for (int i = 0; i < n; i++)
        pts[i].z = pts[i].x * pts[i].y;
    for (int i = 0; i < 16; i++)
        printf("%.9g %.9g %.9g\n", pts[i].x, pts[i].y, pts[i].z);
    return 0;
}
