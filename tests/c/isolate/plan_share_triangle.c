// ferry-test: isolate --pragma
// ferry-test: run 10 => to=2320 from=1600 hull=6
// ferry-test: run 300 => to=1801192 from=1083592 exact=599 hull=4
// ferry-test: run 1 => to=16 from=16 hull=4
// ferry-test: plan hull
// ferry-test: run 300 => to=2157600 from=1440000 hull=6
// ferry-test: plan exact
// ferry-test: run 10 => to=2032 from=1312 exact=29 hull=3
// ferry-test: run 300 => to=1801192 from=1083592 exact=899 hull=3
// ferry-test: run 1 => to=16 from=16 exact=2 hull=2
// Plans for the copies of buffers shared by the statements of a sequence
// (share.rs). n is read only, passed by value to each statement (0
// bytes); T = n(n+1)/2.
// - first: c's row 0 loaded (one box, n elements; a row is its own run);
//   a's row 0 written exactly, so a loads nothing.
// - second: a's Need is the square (the triangle read, and the box of the
//   triangle stored, minus the triangle written); the device holds row 0:
//   rows 1..n-1 loaded, a box n(n-1) that is its own runs. c lacks the
//   triangle's rows 1..n-1: their box n(n-1), or n-1 runs of T-1
//   elements. d's Need is the triangle; the third statement needs d's
//   square, so runs would leave out what it then loads again: d's box
//   n^2, whatever the plan.
// - third: d is on the device. b is written whole, exactly, and is no
//   shared buffer (one user): stored as its box n^2, or, forced exact, as
//   n runs of n.
// - after the last: a's stores wait until then: the triangle and row 0,
//   in the box n^2 or in n runs of n+T-1 elements.
// - hull: to 8n+8n(n-1)+8n(n-1)+8n^2, from 16n^2, six copies.
//   n=10: 80+720+720+800 = 2320, 1600. n=300: 2400+717600+717600
//   +720000 = 2157600, 1440000. n=1: 8+8 = 16, 16, four copies (the
//   second statement loads nothing).
// - exact: to 8n+8n(n-1)+8(T-1)+8n^2, from 8n^2+8(n+T-1); runs: n-1
//   (c), n (b), n (a's store); boxes: c's row, a's rows, d.
//   n=10: 80+720+432+800 = 2032, 800+512 = 1312, 29 runs.
//   n=300: 2400+717600+361192+720000 = 1801192, 720000+363592 =
//   1083592, 899 runs. n=1: d and c's row are boxes (runs would not move
//   less in general, or the third statement needs the rest); b's one run,
//   and a's store, whose set is a triangle for most n, one run: 16, 16.
// - auto, host model (0.05 us per call, 10 GB/s), chosen per copy where it
//   is made: n=10, the boxes; n=300, c's runs (0.05+71.8 us against
//   14.95+36.1) and a's store runs (0.05+72 against 15+36.4): the exact
//   plan's bytes, 299+300 runs, b's box. n=1: every copy a box.
#include <stdio.h>
#include <stdlib.h>

static void three(int n, double a[n][n], double b[n][n], double c[n][n], double d[n][n])
{
#pragma ferry isolate
    for (int j = 0; j < n; j++)
        a[0][j] = c[0][j];
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            a[i][j] = a[i][j] + c[i][j] * d[i][j];
#pragma ferry isolate
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            b[i][j] = d[i][j] - i;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double (*b)[n] = malloc(sizeof(double[n][n]));
    double (*c)[n] = malloc(sizeof(double[n][n]));
    double (*d)[n] = malloc(sizeof(double[n][n]));
    if (!a || !b || !c || !d)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = -1 - i + j;
            b[i][j] = i * j;
            c[i][j] = (i * 13 + j * 7) % 17;
            d[i][j] = (i * 5 + j * 3) % 11;
        }
    three(n, a, b, c, d);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += (a[i][j] + 3 * b[i][j]) * (i + 2 * j + 1);
    printf("%.3f\n", s);
    free(a);
    free(b);
    free(c);
    free(d);
    return 0;
}
