// ferry-test: isolate --label kernel
// ferry-test: run 16 => to=132 from=132
// ferry-test: run 1 => to=12 from=12
// ferry-test: run 5 => to=44 from=44
// A do-while over k = n, n/2, ..., 1 (k local), double v[32], steps counts the iterations.
// n: read only, passed by value -> 0.  steps: read and written -> 4 + 4.
// v: R/W v[k-1] for k in {n, n/2, ..., 1}: convex hull [0, n-1], may (holes) -> store 8n, load 8n.
// (main clamps n to >= 1, so the first iteration's k-1 = n-1 is in [0, n-1] too.)
// to = 4 + 8n, from = 4 + 8n.  n=16: 132 / 132; n=1: 12 / 12; n=5 (v[4], v[1], v[0]): 44 / 44.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    if (n < 1)
        n = 1;
    double v[32];
    int steps = 0;
    for (int i = 0; i < 32; i++)
        v[i] = i * 0.75;
kernel: {
        int k = n;
        do {
            v[k - 1] = v[k - 1] * 2.0 + 1.0;
            steps++;
            k = k / 2;
        } while (k > 0);
    }
    for (int i = 0; i < 32; i++)
        printf("%.17g\n", v[i]);
    printf("steps=%d\n", steps);
    return 0;
}
