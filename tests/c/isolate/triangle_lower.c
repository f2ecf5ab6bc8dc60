// ferry-test: isolate --label kernel
// ferry-test: run 6 => to=200 from=200
// ferry-test: run 2 => to=8 from=8
// ferry-test: run 1 => to=0 from=0
// Strict lower triangle j<i of double a[8][8] from the strict upper one (same array).
// n: read only, passed by value, 0.
// a: W {a[i][j] : 0<=j<i<=n-1} exact -> Store [1,n-1]x[0,n-2], 8(n-1)^2.
//    R {a[j][i] : 0<=j<i<=n-1} -> [0,n-2]x[1,n-1].
//    Store - W = {1<=phi1<=phi2<=n-2} -> [1,n-2]x[1,n-2], inside the R box.
//    Load = [0,n-2]x[1,n-1], 8(n-1)^2.
// n=6: to 200, from 200; n=2: to 8, from 8; n=1: zero iterations, to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double a[8][8];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            a[i][j] = i * 8 + j + 0.5;
kernel:
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            a[i][j] = a[j][i] * 0.5;
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++)
            printf("%.17g ", a[i][j]);
        printf("\n");
    }
    return 0;
}
