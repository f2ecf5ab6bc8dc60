// ferry-test: isolate --label kernel
// ferry-test: run 8 => to=192 from=160
// ferry-test: run 1 => to=24 from=20
// ferry-test: run 0 => to=0 from=0
// &a[i][0] passed to a callee with a constant extent: p[j] += p[j-1] for 1 <= j <= 5, int a[8][10].
// n: read only, passed by value -> 0; i local.  The callee's region p[0..5] fits in a row, so it maps onto a[i][0..5]:
// a: R [0,n-1]x[0,5]; W [0,n-1]x[1,5] exact -> Store 20n; Load = hull(R u (Store - W)) = 24n.
// to = 24n, from = 20n.  n=8: 192 / 160; n=1: 24 / 20; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

static void prefix6(int *p)
{
    for (int j = 1; j < 6; j++)
        p[j] += p[j - 1];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int a[8][10];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 10; j++)
            a[i][j] = (3 * i + j) % 7 - 2;
kernel:
    for (int i = 0; i < n; i++)
        prefix6(&a[i][0]);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 10; j++)
            printf("%d ", a[i][j]);
        printf("\n");
    }
    return 0;
}
