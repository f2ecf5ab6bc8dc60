// ferry-test: isolate --function shift
// ferry-test: run 5 7 => to=40 from=40
// ferry-test: run 10 3 => to=80 from=80
// ferry-test: run 0 9 => to=0 from=0
// A shift by an offset only known at run time, D[i] = D[i + m]: the
// elements read, m <= PHI1 < m + n, and written, 0 <= PHI1 < n, are
// bounded by expressions in different variables, so their convex hull
// over (PHI1, m, n) has no upper bound and the buffer is sized from the
// piecewise interval min(0, m) .. max(n, m + n) - 1 instead.
// D: IN [m, m+n-1] (each D[i + m] is read before iteration i + m writes
// it) -> load 8n; W [0, n-1] exact -> store 8n.
// n=5 m=7: 40 / 40; n=10 m=3: 80 / 80; n=0: 0 / 0.
#include <stdio.h>
#include <stdlib.h>

void shift(int n, int m, double D[1000])
{
    for (int i = 0; i < n; i++)
        D[i] = D[i + m] * 0.5;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    int n = atoi(argv[1]);
    int m = atoi(argv[2]);
    if (n < 0 || m < 0 || n + m > 1000)
        return 1;
    double D[1000];
    for (int i = 0; i < 1000; i++)
        D[i] = i;
    shift(n, m, D);
    for (int i = 0; i < n + m; i++)
        printf("%g\n", D[i]);
    return 0;
}
