// ferry-test: isolate --label body
// ferry-test: run 5 => to=24 from=20
// ferry-test: run 1 => to=8 from=4
// A loop-carried dependence through the device: iteration i reads a[i], which iteration i-1 wrote
// (exactly). Shared between iterations, a[0] is loaded by the first iteration only; later ones
// read what the device wrote. Each iteration loads b[i] (4 bytes; i is read only, passed by
// value: 0) and stores a[i+1] (no later iteration writes it again).
// n=5: to = 4 (a[0]) + 5*4 = 24; from = 5*4 = 20.   n=1: to = 4 + 4 = 8; from = 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[16], b[16];
    if (n < 1 || n > 15)
        return 2;
    for (int i = 0; i < 16; i++) {
        a[i] = -7;
        b[i] = i % 4 - 1;
    }
    a[0] = 3;
    for (int i = 0; i < n; i++)
    body:
        a[i + 1] = 2 * a[i] + b[i];
    for (int i = 0; i < 16; i++)
        printf("%d\n", a[i]);
    return 0;
}
