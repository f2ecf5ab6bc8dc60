// ferry-test: isolate --label kernel
// ferry-test: plan rects
// ferry-test: run 8 => to=480 from=288 rects=4 hull=0
// ferry-test: run 20 => to=3168 from=2592 rects=4 hull=0
// ferry-test: plan hull
// ferry-test: run 8 => to=512 from=288 hull=2
// A five-point stencil: b's inside from a's cross. What it reads of a is a's grid without its
// four corners: one convex piece (the integer points of an octagon) whose first and last rows
// are one element shorter at each end. The rects plan cuts it into bands of rows with the same
// extents: row 0 (columns 1..n-2), rows 1..n-2 (all), row n-1 (columns 1..n-2), three
// rectangles that are exactly the read set. b's inside is written exactly: stored as its box,
// nothing loaded for it. n is read only, passed by value (0 bytes).
// - rects: to 8(n^2 - 4), from 8(n-2)^2; 3 copies for a, 1 for b (its one rectangle).
//   n=8: 480, from 288; n=20: 3168, from 2592.
// - hull: a's box n^2: n=8: to 512.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 3 || n > 32)
        return 2;
    double a[32][32], b[32][32];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (i * 7 + j * 3) % 11 - 5.0;
            b[i][j] = 0;
        }
kernel:
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += b[i][j] * (i + 1) - a[i][j];
    printf("%.6f\n", s);
    return 0;
}
