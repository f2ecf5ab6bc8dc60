// ferry-test: isolate --label body
// ferry-test: run 5 => to=52 from=20
// ferry-test: run 2 => to=16 from=8
// Iteration i reads a[i] and a[3i] and writes a[2i]: its read region is the convex a[i..3i] (may),
// and a[i] may be an element an earlier iteration wrote on the device (a[2i'] with i = 2i'),
// which must be read there and not reloaded from the host. Shared between iterations: the first
// loads a[0]; iteration i >= 1 finds a[0..3i-3] on the device and loads a[3i-2..3i] (3 ints);
// i is read only, passed by value (0); every iteration stores a[2i] (no later iteration writes it again).
// n=5: to = 4*(1 + 4*3) = 52; from = 5*4 = 20.
// n=2: to = 4*(1 + 3) = 16; from = 8.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[32];
    if (n < 1 || n > 10)
        return 2;
    for (int i = 0; i < 32; i++)
        a[i] = (i * 5) % 9;
    for (int i = 0; i < n; i++)
    body:
        a[2 * i] = a[i] + a[3 * i] + 1;
    for (int i = 0; i < 32; i++)
        printf("%d\n", a[i]);
    return 0;
}
