// ferry-test: isolate --label sweeps
// ferry-test: plan exact
// ferry-test: run 6 => to=384 from=128
// ferry-test: run 10 => to=1024 from=512
// A Jacobi time loop isolated whole. Its IN regions hull what it reads:
// for b, which each step writes inside before reading all but its corners,
// the convex region is all of b. The loop nest is a SCoP, and isl's
// dataflow gives its live-in reads exactly: a without its four corners
// (n*n - 4 elements: step 0 reads the inside and the rims; nothing reads
// a corner) and b's rims without the corners (4(n - 2): nothing writes
// them, the second sweep reads them). The exact plan moves those runs.
// Only a is printed after: a's inside goes back ((n - 2)^2 elements), b
// is dead. n and t are read only (by value, 0 bytes).
// n=6: to = 8*32 + 8*16 = 384, from = 8*16 = 128.
// n=10: to = 8*96 + 8*32 = 1024, from = 8*64 = 512.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 6;
    if (n < 4 || n > 64)
        return 2;
    double (*a)[n] = malloc(sizeof(double[n][n]));
    double (*b)[n] = malloc(sizeof(double[n][n]));
    if (!a || !b)
        return 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = (i * 5 + j * 3) % 7;
            b[i][j] = (i + 2 * j) % 5;
        }
sweeps:
    for (int t = 0; t < 3; t++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                a[i][j] = 0.2 * (b[i][j] + b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
    }
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += a[i][j] * (i + 1);
    printf("%.6f\n", s);
    free(a);
    free(b);
    return 0;
}
