// ferry-test: isolate --label kernel
// ferry-test: run 6 8 => to=600 from=280 hull=3
// ferry-test: run 40 400 => to=127520 from=63840 exact=60 hull=0
// ferry-test: plan hull
// ferry-test: run 6 8 => to=600 from=280 hull=3
// ferry-test: run 40 400 => to=249288 from=124488 hull=3
// ferry-test: plan exact
// ferry-test: run 6 8 => to=312 from=168 exact=9 hull=0
// ferry-test: plan rows
// ferry-test: run 6 8 => to=616 from=312 rows=3
// ferry-test: plan rects
// ferry-test: run 6 8 => to=600 from=280 hull=3 rects=0
// Strided regions (the regions keep the strides): the even rows of a read
// whole, the even columns of the even rows of b written exactly (n, m
// even; n and m read only, passed by value, 0 bytes).
// - hull: a box spans the set's least and greatest subscripts (the last
//   even row is n-2): a's box [0,n-2]x[0,m-1], b's store box
//   [0,n-2]x[0,m-2]. What b loads is that store box less what is surely
//   written (the odd rows and columns inside it), as a box: the store box
//   again. 6 8: to 8*40+8*35 = 600, from 8*35 = 280.
//   40 400: to 8*39*400+8*39*399 = 249288, from 8*39*399 = 124488.
// - exact: the runs of the even rows only (the loop nest steps by 2): a's
//   n/2 runs of m; b's runs stored from column 0 to m-2 (the odd columns
//   in between too), so their odd columns are loaded first: runs 1..m-3.
//   6 8: a 3x8, b stored 3x7, loaded 3x5: to 192+120 = 312, from 168,
//   9 copies.
// - rows: a's span (0,0)..(4,7) is 40; b's store span (0,0)..(4,6) 39,
//   its load span (0,1)..(4,5) 37: to 320+296 = 616, from 312.
// - rects: strided pieces are no rectangles: the hull.
// - auto (host model: 0.05 us per call, 10 GB/s), per array. 6 8: a keeps
//   the hull (its span moves as much, 0.05+0.032 us; ties go to the hull;
//   3 runs cost 0.15+0.0192); b keeps the hull too (0.10+0.056 us against
//   the rows' 0.10+0.0608 and the runs' 0.30+0.0288): to 320+280 = 600,
//   from 280. 40 400: the runs for both (a: 20 calls 1.0+6.4 us against the
//   hull's 0.05+12.48; b: 40 calls 2.0+12.74 against 0.10+25.2 and the
//   span's 0.10+24.96): to 64000+63520 = 127520, from 20x399x8 = 63840,
//   60 copies.
#include <stdio.h>
#include <stdlib.h>

static void even(int n, int m, double a[n][m], double b[n][m])
{
kernel:
    for (int i = 0; i < n; i += 2)
        for (int j = 0; j < m - 1; j += 2)
            b[i][j] = a[i][j] + a[i][j + 1];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    int m = argc > 2 ? atoi(argv[2]) : 8;
    double (*a)[m] = malloc(sizeof(double[n][m]));
    double (*b)[m] = malloc(sizeof(double[n][m]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            a[i][j] = (i * 11 + j * 5) % 13;
            b[i][j] = 7 - j + i;
        }
    even(n, m, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += b[i][j] * ((i + 3 * j) % 7 + 1);
    printf("%.1f\n", s);
    free(a);
    free(b);
    return 0;
}
