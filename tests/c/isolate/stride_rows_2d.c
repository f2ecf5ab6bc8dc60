// ferry-test: isolate --label kernel
// ferry-test: run 5 4 => to=224 from=160
// ferry-test: run 7 6 => to=432 from=336
// ferry-test: run 1 3 => to=72 from=24
// Every other row (step 2, n odd in the runs) of double a[8][6]: a[i][j] += a[i+1][j] * b[j].
// n, m: read only, passed by value -> 0; i, j local.
// a: W rows {0, 2, ..., n-1}: a convex region keeps [0,n-1] (may) -> Store [0,n-1]x[0,m-1], 8nm.
//    R rows {i, i+1} -> [0,n]x[0,m-1]; Load = hull(R u Store) = [0,n]x[0,m-1], 8(n+1)m
//    (the same if the stride were kept: the gaps are inside R's box).
// b: R [0,m-1] -> 8m.
// 5 4: to 192+32=224, from 160.  7 6: to 384+48=432, from 336.  1 3: to 48+24=72, from 24.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double a[8][6], b[6];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 6; j++)
            a[i][j] = i * 6 + j + 0.5;
    for (int j = 0; j < 6; j++)
        b[j] = 1.0 / (j + 1);
kernel:
    for (int i = 0; i < n; i += 2)
        for (int j = 0; j < m; j++)
            a[i][j] = a[i][j] + a[i + 1][j] * b[j];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 6; j++)
            printf("%.17g\n", a[i][j]);
    return 0;
}
