// ferry-test: isolate --label kernel
// ferry-test: run 9 => to=216 from=64
// ferry-test: run 2 => to=48 from=8
// ferry-test: run 1 => to=0 from=0
// Differences of neighbouring struct elements into a double array; struct body is {long id; double x, y;} (24 bytes).
// n: read only, passed by value, 0.
// pts: R {i, i-1 : 1<=i<=n-1} -> [0,n-1], whole elements, read only: load 24n (n>=2), no store.
// d: W [0,n-2] exact -> store 8(n-1), no load.
// n=9: to 9*24=216, from 8*8=64; n=2: to 48, from 8; n=1: zero iterations, to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

struct body {
    long id;
    double x, y;
};

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    struct body pts[12];
    double d[12];
    for (int i = 0; i < 12; i++) {
        pts[i].id = 1000 + i;
        pts[i].x = i * i * 0.25;
        pts[i].y = 1.0 / (i + 2);
        d[i] = -1.0;
    }
kernel:
    for (int i = 1; i < n; i++)
        d[i - 1] = (pts[i].x - pts[i - 1].x) * pts[i].y + (double)(pts[i].id - pts[i - 1].id);
    for (int i = 0; i < 12; i++)
        printf("%.17g\n", d[i]);
    return 0;
}
