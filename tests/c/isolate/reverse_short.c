// ferry-test: isolate --label kernel
// ferry-test: run 7 => to=18 from=18
// ferry-test: run 1 => to=6 from=6
// ferry-test: run 0 => to=4 from=4
// Negative step, short elements: b[n-1-i] = a[i] for i from n-1 down to 0.
// i (outside): loaded and stored, 4 + 4; n: read only, passed by value, 0.
// a: R [0, n-1] -> load 2n; b: W [0, n-1] exact (n-1-i covers it) -> store 2n, no load.
// to = 4 + 2n, from = 4 + 2n.  n=7: 18 / 18; n=1: 6 / 6; n=0: 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    short a[20], b[20];
    int i;
    for (i = 0; i < 20; i++) {
        a[i] = (short)(100 * i - 7);
        b[i] = (short)-1;
    }
kernel:
    for (i = n - 1; i >= 0; i--)
        b[n - 1 - i] = a[i];
    for (i = 0; i < 20; i++)
        printf("%d ", b[i]);
    printf("\ni=%d\n", i);
    return 0;
}
