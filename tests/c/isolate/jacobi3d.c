// ferry-test: isolate --label kernel
// ferry-test: run 6 7 5 => to=1600 from=800 rows=1 hull=1
// ferry-test: run 3 3 1 => to=72 from=8
// ferry-test: run 2 5 5 => to=0 from=0
// ferry-test: plan hull
// ferry-test: run 6 7 5 => to=1680 from=800 hull=2 rows=0
// ferry-test: run 3 3 1 => to=72 from=8
// ferry-test: run 2 5 5 => to=0 from=0
// 3-D 4-point stencil in the first two dimensions, double u[6][7][5], v[6][7][5].
// n, m, p: read only, passed by value, 0.
// v: R = the four shifted boxes; hull [0,n-1]x[0,m-1]x[0,p-1] (may: corners not read) -> 8nmp.
// u: W [1,n-2]x[1,m-2]x[0,p-1] exact -> store 8(n-2)(m-2)p, no load.
// 6 7 5: to 8*210=1680, from 8*4*5*5=800. 3 3 1: to 72, from 8. 2 5 5: zero iterations.
// With the default plan (auto): when the box spans whole planes (m = 7, p = 5
// declared), v's span from its first element (0,1,0) to its last (5,5,4) is
// 5*35+5*5+4 - 5 + 1 = 200 elements, one contiguous copy: to 8*200 = 1600.
// 3 3 1: the span (0,1,0)..(2,1,0) is 71 elements, more than the box's 9.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]), p = atoi(argv[3]);
    double u[6][7][5], v[6][7][5];
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 7; j++)
            for (int k = 0; k < 5; k++) {
                v[i][j][k] = (i * 7 + j) * 0.3 + k * 0.01;
                u[i][j][k] = -2.0;
            }
kernel:
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < m - 1; j++)
            for (int k = 0; k < p; k++)
                u[i][j][k] = (v[i - 1][j][k] + v[i + 1][j][k] + v[i][j - 1][k] + v[i][j + 1][k]) * 0.25;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 7; j++)
            for (int k = 0; k < 5; k++)
                printf("%.17g\n", u[i][j][k]);
    return 0;
}
