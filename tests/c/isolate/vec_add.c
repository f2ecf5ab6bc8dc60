// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=164 from=84
// ferry-test: run 1 => to=20 from=12
// ferry-test: run 0 => to=4 from=4
// 1-D double vector add; the loop index i is declared outside the statement.
// i: assigned by the for in s -> loaded and stored (4 + 4); n: read only -> passed by value (0).
// a, b: R [0,n-1] exact -> load 8n each; c: W [0,n-1] exact, not read -> store 8n, no load.
// to = 4 + 16n, from = 4 + 8n.  n=10: 164 / 84; n=1: 20 / 12; n=0: 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    double a[64], b[64], c[64];
    int i;
    for (i = 0; i < 64; i++) {
        a[i] = i * 0.5;
        b[i] = 1.0 / (i + 1);
        c[i] = -1.0;
    }
kernel:
    for (i = 0; i < n; i++)
        c[i] = a[i] + b[i];
    for (i = 0; i < 64; i++)
        printf("%d %.17g\n", i, c[i]);
    printf("i=%d\n", i);
    return 0;
}
