// ferry-test: isolate --label kernel
// ferry-test: run 10 5.5 => to=80 from=40
// ferry-test: run 1 0 => to=8 from=4
// ferry-test: run 0 1 => to=0 from=0
// A write under a data-dependent condition, float: b[i] = a[i] - t where a[i] > t.
// n, t (float): read only, passed by value -> 0.  a: R [0,n-1] -> 4n.
// b: W [0,n-1] may -> store 4n, and load 4n (elements not written must come back unchanged).
// to = 8n, from = 4n.  10: 80 / 40; 1: 8 / 4; 0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    float t = (float)atof(argv[2]);
    float a[16], b[16];
    for (int i = 0; i < 16; i++) {
        a[i] = (float)((i * 7) % 11);
        b[i] = -0.5f * i;
    }
kernel:
    for (int i = 0; i < n; i++)
        if (a[i] > t)
            b[i] = a[i] - t;
    for (int i = 0; i < 16; i++)
        printf("%.9g\n", b[i]);
    return 0;
}
