// ferry-test: isolate --label kernel
// ferry-test: run 10 => to=1600 from=800 hull=3
// ferry-test: plan exact
// ferry-test: run 10 => to=880 from=440 exact=30 hull=0
// ferry-test: run 3 => to=96 from=48 exact=9
// ferry-test: plan rows
// ferry-test: run 10 => to=1600 from=800 rows=3
// A store of a may region: b[i][j] is written on the lower triangle only
// where a[i][j] > 0, so W(b) is the triangle, may, and nothing is surely
// written: every element a plan stores back must be loaded first, or the
// poison of the device buffer reaches the host. n read only, passed by value (0 bytes).
// T = n(n+1)/2.
// - hull: a n^2, b loaded n^2 and stored n^2: to 16n^2, from 8n^2.
//   n=10: 1600, 800.
// - exact: a's runs T, b's runs loaded T and stored T, one copy per row
//   each: to 16T, from 8T, 3n copies. n=10: 880, 440, 30; n=3: 96, 48, 9.
// - rows: every span is (0,0)..(n-1,n-1), the hull's n^2.
// - auto (host model) at n=10: the hull.
#include <stdio.h>
#include <stdlib.h>

static void keep_positive(int n, double a[n][n], double b[n][n])
{
kernel:
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            if (a[i][j] > 0)
                b[i][j] = a[i][j] * 0.5;
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
            a[i][j] = (i * 5 + j * 3) % 7 - 3;
            b[i][j] = 100 + i * n + j;
        }
    keep_positive(n, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += b[i][j] * ((3 * i + j) % 4 + 1);
    printf("%.2f\n", s);
    free(a);
    free(b);
    return 0;
}
