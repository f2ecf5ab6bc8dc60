// ferry-test: isolate --pragma
// ferry-test: run 7 => to=28 from=28
// ferry-test: run 3 => to=12 from=12
// ferry-test: run 0 => to=0 from=0
// A run of n elements from the start of row r of a flat matrix,
// `m[r * cols + c]` for c < n, where n may pass the end of the row: the
// matrix cannot be seen with rows, and the subscript is not affine. Its
// region is the run [r*cols, r*cols + n), exact, with the product r*cols
// a parameter of its own, which the isolated code computes as
// (long)cols * (long)r (before, the region was unbounded and the loop
// refused).
// m[r*cols .. r*cols + n - 1] read and written -> 4n each way.
// 7 -> 28 / 28; 3 -> 12 / 12; 0 -> nothing.
#include <stdio.h>
#include <stdlib.h>

static void bump(int *m, int cols, int r, int n)
{
#pragma ferry isolate
    for (int c = 0; c < n; c++)
        m[r * cols + c] += 1;
}

int main(int argc, char **argv)
{
    int rows = 6, cols = 5;
    int n = argc > 1 ? atoi(argv[1]) : 7;
    if (n < 0 || n > 10)
        return 1;
    int *m = calloc(rows * cols, sizeof *m);
    bump(m, cols, 2, n);
    long s = 0;
    for (int i = 0; i < rows * cols; i++)
        s += (long)m[i] * (i % 5 + 1);
    printf("%ld\n", s);
    free(m);
    return 0;
}
