// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=84 from=76
// ferry-test: run 2 => to=20 from=12
// ferry-test: run 1 => to=4 from=4
// Prefix sum over long a[32], loop index i declared outside (loaded and stored, 4 + 4); n: read only, passed by value, 0.
// a: R [0,n-1], W [1,n-1] exact -> load 8n, store 8(n-1) (n >= 2).
// to = 4 + 8n, from = 4 + 8(n-1).  n=10: 84 / 76; n=2: 20 / 12; n=1: no iteration, 4 / 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    long a[32];
    int i;
    for (i = 0; i < 32; i++)
        a[i] = 1000000007L * (i % 5) - i;
kernel:
    for (i = 1; i < n; i++)
        a[i] += a[i - 1];
    for (i = 0; i < 32; i++)
        printf("%ld ", a[i]);
    printf("\ni=%d\n", i);
    return 0;
}
