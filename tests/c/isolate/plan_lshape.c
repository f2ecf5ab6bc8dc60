// ferry-test: isolate --pragma
// ferry-test: run 10 => to=800 from=1448 rects=2
// ferry-test: run 2 => to=32 from=40 rects=2
// An L-shaped load, as a few rectangles: the first statement loads, and
// writes on the device, the box [0,n-2]^2 of a; the second reads the whole
// [0,n-1]^2 of a, sharing its buffer (share.rs). What the device lacks is
// an L, the last row and the last column; one box over it would cover the
// first statement's newer values (which the host does not have yet), so
// it is loaded as the rectangles of its pieces, two copies counted under
// the rects plan. n is read only, passed by value to each statement (0).
// First: a's box (n-1)^2 loaded. Second: the L, 2n-1 elements; b written
// whole, exactly, stored n^2. a's (n-1)^2 written elements are stored
// after the last user (main prints a).
// n=10: to 8*81+8*19 = 800, from 8*100+8*81 = 1448.
// n=2: to 8*1+8*3 = 32, from 8*4+8*1 = 40.
#include <stdio.h>
#include <stdlib.h>

static void twice(int n, double a[n][n], double b[n][n])
{
#pragma ferry isolate
    for (int i = 0; i < n - 1; i++)
        for (int j = 0; j < n - 1; j++)
            a[i][j] = a[i][j] * 2 + 1;
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            b[i][j] = a[i][j] - i;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double (*b)[n] = malloc(sizeof(double[n][n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (i * 3 + j * 5) % 7;
            b[i][j] = -2;
        }
    twice(n, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += (a[i][j] + 2 * b[i][j]) * ((i + j) % 3 + 1);
    printf("%.1f\n", s);
    free(a);
    free(b);
    return 0;
}
