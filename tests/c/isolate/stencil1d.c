// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=44 from=36
// ferry-test: run 3 => to=16 from=8
// ferry-test: run 2 => to=4 from=4
// 1-D three-point stencil over the sub-range [1, n-2], int.
// i (outside): loaded and stored, 4 + 4; n: read only, passed by value, 0.
// b: R = {i-1, i+1 : 1<=i<=n-2} -> hull [0, n-1] (may: b[1] is not read when n=3), load 4n (n>=3).
// a: W [1, n-2] exact, not read -> store 4(n-2), no load.
// n=10: to 4+40=44, from 4+32=36; n=3: to 4+12=16, from 4+4=8; n=2: loop runs zero times, to 4, from 4.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[32], b[32];
    int i;
    for (i = 0; i < 32; i++) {
        a[i] = -i;
        b[i] = i * i + 1;
    }
kernel:
    for (i = 1; i < n - 1; i++)
        a[i] = b[i - 1] + b[i + 1];
    for (i = 0; i < 32; i++)
        printf("%d ", a[i]);
    printf("\ni=%d\n", i);
    return 0;
}
