// ferry-test: isolate --label step
// ferry-test: run 10 3 => to=808 from=80 rows=1 hull=2
// ferry-test: run 300 2 => to=363600 from=2400 exact=300 hull=2
// ferry-test: run 1 1 => to=16 from=8 hull=3
// ferry-test: plan hull
// ferry-test: run 10 3 => to=880 from=80 hull=3
// ferry-test: plan rows
// ferry-test: run 10 3 => to=808 from=80 rows=1 hull=2
// ferry-test: run 300 2 => to=720008 from=2400 rows=1 hull=2
// ferry-test: plan exact
// ferry-test: run 10 3 => to=520 from=80 exact=10 hull=2
// ferry-test: plan rects
// ferry-test: run 10 3 => to=880 from=80 hull=3 rects=0
// The rows plan for a copy shared between loop iterations (reuse.rs): the
// time step reads the anti-triangle j >= n-1-i of a, whose span in
// row-major order, from (0,n-1) to (n-1,n-1), stays inside its box (the
// last row is whole), and updates x. The first step loads a and x (n
// elements, a box whatever the plan: a 1-D box is its own run and span);
// no later step loads; the last stores x. n is read only, passed by
// value (0 bytes). With T = n(n+1)/2, a moves:
// - hull: the box n^2. n=10,t=3: to 800+80 = 880, from 80.
// - rows: the span, n^2-n+1 elements, one copy. n=10: 728+80 = 808.
//   n=300,t=2: 8*89701+2400 = 720008.
// - exact: n runs, T elements. n=10: 440+80 = 520.
// - rects: a triangle is no union of a few rectangles: the box.
// - auto, host model (0.05 us per call, 10 GB/s): n=10, the span (0.05 +
//   0.0728 us against the box's 0.05+0.08 and the runs' 0.5+0.044);
//   n=300, the runs (15+36.1 us against 0.05+71.8): 361200+2400 =
//   363600, 300 runs. n=1: ties go to the box (8 + 8 = 16).
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, int t, double a[n][n], double x[n])
{
    for (int s = 0; s < t; s++)
step:
        for (int i = 0; i < n; i++)
            for (int j = n - 1 - i; j < n; j++)
                x[i] = x[i] + a[i][j];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int t = argc > 2 ? atoi(argv[2]) : 3;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double *x = malloc(sizeof(double[n]));
    if (!a || !x)
        return 1;
    for (int i = 0; i < n; i++) {
        x[i] = i - 3;
        for (int j = 0; j < n; j++)
            a[i][j] = (i * 13 + j * 7) % 17;
    }
    sweep(n, t, a, x);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * (i + 1);
    printf("%.3f\n", s);
    free(a);
    free(x);
    return 0;
}
