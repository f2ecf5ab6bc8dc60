// ferry-test: isolate --label kernel
// ferry-test: run 2 3 4 => to=112 from=96
// ferry-test: run 4 5 6 => to=504 from=480
// ferry-test: run 1 1 0 => to=0 from=0
// 3-D int arrays c[4][5][6] = a + b[k]; i, j, k local.
// n, m, p: read only, passed by value: 0.
// a: R [0,n-1]x[0,m-1]x[0,p-1] -> 4nmp.  b: R [0,p-1] -> 4p (n,m >= 1).
// c: W same box exact -> store 4nmp, no load.
// 2 3 4: to 96+16=112, from 96. 4 5 6: to 480+24=504, from 480. 1 1 0: to 0, from 0.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]), p = atoi(argv[3]);
    int a[4][5][6], b[6], c[4][5][6];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            for (int k = 0; k < 6; k++) {
                a[i][j][k] = 100 * i + 10 * j + k;
                c[i][j][k] = -7;
            }
    for (int k = 0; k < 6; k++)
        b[k] = 1000 * k;
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            for (int k = 0; k < p; k++)
                c[i][j][k] = a[i][j][k] + b[k];
    long sum = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            for (int k = 0; k < 6; k++) {
                printf("%d ", c[i][j][k]);
                sum += (long)c[i][j][k] * (i * 30 + j * 6 + k + 1);
            }
    printf("\nsum=%ld\n", sum);
    return 0;
}
