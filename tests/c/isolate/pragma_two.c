// ferry-test: isolate --pragma
// ferry-test: run 10 => to=80 from=152
// ferry-test: run 1 => to=8 from=8
// ferry-test: run 0 => to=0 from=0
// Two statements under #pragma ferry isolate, long arrays; they share b's buffer.
// First: n, read only, passed by value -> 0; a: R [0,n-1] -> 8n; b: W [0,n-1] exact.
// Second: n -> 0; b: R [0,n-1] (n >= 2), on the device already; c: W [1,n-1]
// exact -> store 8(n-1).  b is stored once, after the second -> 8n.
// n=10: to 80, from 80+72=152.  n=1: to 8, from 8.  n=0: to 0, from 0.
// Each on its own (--no-optimize-transfers): n=10 to 80+80=160.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    long a[16], b[16], c[16];
    for (int i = 0; i < 16; i++) {
        a[i] = 3L * i - 20;
        b[i] = c[i] = -1;
    }
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        b[i] = a[i] * a[i];
#pragma ferry isolate
    for (int i = 1; i < n; i++)
        c[i] = b[i] - b[i - 1];
    for (int i = 0; i < 16; i++)
        printf("%ld %ld\n", b[i], c[i]);
    return 0;
}
