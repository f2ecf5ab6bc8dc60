// ferry-test: isolate --label kernel
// ferry-test: run 4 5 => to=160 from=160
// ferry-test: run 0 3 => to=0 from=0
// A 2-D array passed whole to a function: the clone takes one offset per
// dimension and indexes the buffer with its own row length, 8, as the
// buffer's rows are whole (copied whole because the array is passed to a
// call); offloaded, the clone is a device function that does the same.
// n, m: read only, passed by value: 0.  a: R and W [0,n-1]x[0,m-1] double, the rows of 8 -> 4 x 5 x 8 = 160 each way.
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, int m, double a[6][8], double f)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] *= f;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double a[6][8];
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 8; j++)
            a[i][j] = i - j / 4.0;
kernel:
    scale(n, m, a, 1.5);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 8; j++)
            printf("%.17g\n", a[i][j]);
    return 0;
}
