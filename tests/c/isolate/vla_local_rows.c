// ferry-test: isolate --label kernel
// ferry-test: run 4 3 => to=12 from=36
// ferry-test: run 1 5 => to=0 from=0
// ferry-test: run 6 1 => to=4 from=20
// Local VLA float a[n][m], row recurrence a[i][j] = a[i-1][j] + 1 for rows 1..n-1.
// n, m: read only, passed by value, 0; i, j local.
// a: R [0,n-2]x[0,m-1], W [1,n-1]x[0,m-1] exact; IN is row 0 only (rows 1..n-2 are read
//    after they are written) -> load 4m, store 4(n-1)m.
// 4 3: to 12, from 36. 1 5: no iteration, to 0, from 0. 6 1: to 4, from 20.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    float a[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = (float)(i * m + j) * 0.5f;
kernel:
    for (int i = 1; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = a[i - 1][j] * 0.5f + 1.0f;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            printf("%.9g\n", a[i][j]);
    return 0;
}
