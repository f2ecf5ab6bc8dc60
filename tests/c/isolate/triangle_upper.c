// ferry-test: isolate --label kernel
// ferry-test: run 5 => to=164 from=100
// ferry-test: run 1 => to=4 from=4
// ferry-test: run 0 => to=0 from=0
// Upper triangle i<=j of float a[8][8] written from the transposed b.
// n: read only, passed by value, 0.
// b: R {b[j][i] : 0<=i<=j<=n-1} (lower triangle) -> box n x n, load 4n^2.
// a: W {a[i][j] : 0<=i<=j<=n-1} exact -> Store box n x n (4n^2);
//    Store - W = strict lower triangle {phi2 < phi1} -> hull [1,n-1]x[0,n-2], load 4(n-1)^2.
// n=5: to 100+64=164, from 100; n=1: to 4+0=4, from 4; n=0: to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    float a[8][8], b[8][8];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            a[i][j] = -1.0f - i - 10 * j;
            b[i][j] = 0.5f * i + 0.125f * j;
        }
kernel:
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++)
            a[i][j] = b[j][i] + 1.0f;
    for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 8; j++)
            printf("%.9g ", a[i][j]);
        printf("\n");
    }
    return 0;
}
