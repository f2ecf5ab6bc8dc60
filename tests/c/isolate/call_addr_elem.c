// ferry-test: isolate --label kernel
// ferry-test: run 8 10 => to=320 from=288
// ferry-test: run 3 4 => to=48 from=36
// ferry-test: run 2 1 => to=0 from=0
// &a[i][0] passed to a prefix-sum callee over p[0..m-1], int a[8][10].
// n, m: read only, passed by value -> 0; i local.
// a: R {p[j], p[j-1] : 1<=j<=m-1} -> cols [0, m-1] of rows [0, n-1] (m >= 2);
//    W cols [1, m-1] exact -> Store [0,n-1]x[1,m-1]; Load = hull(R u (Store - W)) = [0,n-1]x[0,m-1].
// to = 4nm, from = 4n(m-1).  8 10: 320 / 288; 3 4: 48 / 36; 2 1: the callee's loop never runs, 0 / 0.
#include <stdio.h>
#include <stdlib.h>

static void prefix(int m, int *p)
{
    for (int j = 1; j < m; j++)
        p[j] += p[j - 1];
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    int a[8][10];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 10; j++)
            a[i][j] = (i + 2 * j) % 5 - 1;
kernel:
    for (int i = 0; i < n; i++)
        prefix(m, &a[i][0]);
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 10; j++)
            printf("%d ", a[i][j]);
        printf("\n");
    }
    return 0;
}
