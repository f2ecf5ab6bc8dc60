// ferry-test: isolate --label kernel
// ferry-test: run 9 => to=40 from=36
// ferry-test: run 1 => to=8 from=4
// ferry-test: run 0 => to=0 from=0
// Step-2 loop, int: a[i] = a[i] + a[i+1] for i = 0, 2, ..., n-1 (n odd in the runs).
// i is local to the statement. n: read only, passed by value, 0.
// a: W = even indices of [0, n-1]; a convex region cannot hold the stride, so W-bar = [0, n-1] (may)
//    -> store 4n.  R = {i, i+1} -> [0, n] -> load box hull(R u Store) = [0, n], 4(n+1).
//    (Even if the stride were kept exactly, Load = hull(R u gaps) = [0, n]: the same for odd n.)
// n=9: to 40, from 36; n=1: to 8, from 4; n=0: zero iterations, to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[32];
    for (int i = 0; i < 32; i++)
        a[i] = 3 * i + 1;
kernel:
    for (int i = 0; i < n; i += 2)
        a[i] = a[i] + a[i + 1];
    for (int i = 0; i < 32; i++)
        printf("%d ", a[i]);
    printf("\n");
    return 0;
}
