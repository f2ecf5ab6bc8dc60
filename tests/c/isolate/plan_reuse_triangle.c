// ferry-test: isolate --label step
// ferry-test: run 10 3 => to=1600 from=800 hull=3
// ferry-test: run 300 2 => to=1081200 from=361200 exact=600 hull=1
// ferry-test: run 1 1 => to=16 from=8 hull=3
// ferry-test: plan hull
// ferry-test: run 300 2 => to=1440000 from=720000 hull=3
// ferry-test: plan exact
// ferry-test: run 10 3 => to=1240 from=440 exact=20 hull=1
// ferry-test: run 1 1 => to=16 from=8 exact=2 hull=1
// ferry-test: plan auto --transfer-cost gpu
// ferry-test: run 300 2 => to=1440000 from=720000 hull=3 exact=0
// Plans for the copies shared between the iterations of a loop
// (reuse.rs): the time step's body reads the lower triangle of a and
// updates the lower triangle of b, t times; the buffers live around the
// loop. n is read only, passed by value (0 bytes); with T = n(n+1)/2:
// - first step: a's Need, the triangle, as its box n^2 or as n runs of T
//   elements in all. b's Need is IN ∪ (⌈W̄ ∩ OUT̄⌉ − W̲), the square: its
//   box, whatever the plan (b's Need comes from the hull's store box).
// - later steps load nothing (every Need is on the device) and store
//   nothing but in the last: b's W̄ ∩ OUT̄, the triangle, as the box n^2 or
//   as n runs.
// - hull: to 8n^2+8n^2, from 8n^2, three copies. n=10,t=3: 800+800
//   = 1600, 800. n=300,t=2: 720000+720000, 720000.
// - exact: to 8T+8n^2, from 8T; 2n runs and b's box. n=10,t=3:
//   440+800 = 1240, 440. n=1: 8+8, 8; two runs and a box.
// - auto, host model (0.05 us per call, 10 GB/s), chosen per copy where it
//   is made: n=10, the boxes (a: 0.05+0.08 us against 10 calls 0.5+0.044);
//   n=300, the runs for a and for b's store (0.05+72 us against 15+36.1):
//   to 361200+720000, from 361200, 600 runs and b's load box. n=1: the
//   boxes (ties go to the box).
// - auto, GPU model (10 us per call, 20 GB/s): 300 runs cost 3 ms, the
//   boxes win.
#include <stdio.h>
#include <stdlib.h>

static void sweep(int n, int t, double a[n][n], double b[n][n])
{
    for (int s = 0; s < t; s++)
step:
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++)
                b[i][j] = 0.5 * b[i][j] + a[i][j];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    int t = argc > 2 ? atoi(argv[2]) : 3;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double (*b)[n] = malloc(sizeof(double[n][n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (i * 13 + j * 7) % 17;
            b[i][j] = -1 - i + j;
        }
    sweep(n, t, a, b);
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += b[i][j] * (i + 2 * j + 1);
    printf("%.3f\n", s);
    free(a);
    free(b);
    return 0;
}
