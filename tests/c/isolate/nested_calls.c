// ferry-test: isolate --label kernel
// ferry-test: run 5 7 => to=280 from=40
// ferry-test: run 2 3 => to=48 from=16
// ferry-test: run 3 0 => to=0 from=24
// A chain of calls from the isolated loop: rownorm(m, a[i], &out[i]) calls sumsq, which calls sq.
// n, m: read only, passed by value -> 0; i local.
// a: R [0,n-1]x[0,m-1] (rows passed whole) -> 8nm.  out: W [0,n-1] exact (*res through &out[i]) -> 8n.
// to = 8nm, from = 8n.  5 7: 280 / 40; 2 3: 48 / 16; 3 0: a not read, 0 / 24.
#include <stdio.h>
#include <stdlib.h>

static double sq(double v)
{
    return v * v;
}

static double sumsq(int m, const double *row)
{
    double s = 0.0;
    for (int j = 0; j < m; j++)
        s += sq(row[j]);
    return s;
}

static void rownorm(int m, const double *row, double *res)
{
    *res = sumsq(m, row) + 1.0;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), m = atoi(argv[2]);
    double a[5][7], out[5];
    for (int i = 0; i < 5; i++) {
        out[i] = -3.0;
        for (int j = 0; j < 7; j++)
            a[i][j] = (i - j) * 0.3;
    }
kernel:
    for (int i = 0; i < n; i++)
        rownorm(m, a[i], &out[i]);
    for (int i = 0; i < 5; i++)
        printf("%.17g\n", out[i]);
    return 0;
}
