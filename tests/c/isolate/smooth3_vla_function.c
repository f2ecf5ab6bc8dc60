// ferry-test: isolate --function smooth3
// ferry-test: run 2 3 5 => to=120 from=72
// ferry-test: run 1 1 3 => to=12 from=4
// ferry-test: run 2 2 2 => to=0 from=0
// --function on 3-D VLA parameters float a[n][m][p], b[n][m][p]: smoothing along the last dimension.
// n, m, p: read only, passed by value -> 0.  a: R [0,n-1]x[0,m-1]x[0,p-1] (p >= 3) -> 4nmp.
// b: W [0,n-1]x[0,m-1]x[1,p-2] exact -> store 4nm(p-2), no load.
// 2 3 5: to 120, from 72.  1 1 3: to 12, from 4.  2 2 2: the k loop never runs, 0 / 0.
#include <stdio.h>
#include <stdlib.h>

void smooth3(int n, int m, int p, float a[n][m][p], float b[n][m][p])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            for (int k = 1; k < p - 1; k++)
                b[i][j][k] = (a[i][j][k - 1] + a[i][j][k] + a[i][j][k + 1]) / 3.0f;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]), p = atoi(argv[3]);
    float a[n][m][p], b[n][m][p];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            for (int k = 0; k < p; k++) {
                a[i][j][k] = (float)((i * 7 + j * 3 + k * k) % 10);
                b[i][j][k] = -1.0f;
            }
    smooth3(n, m, p, a, b);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            for (int k = 0; k < p; k++)
                printf("%.9g\n", b[i][j][k]);
    return 0;
}
