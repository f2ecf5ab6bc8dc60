// ferry-test: isolate --pragma
// ferry-test: refuse the copy of `m` is not one-dimensional
// A row pointer set before the isolated loop, `int *p = m + r * cols;`,
// over a flat matrix seen with rows (m[r][c]): its copy on the device
// would have to point into a buffer of whole rows, which ferry does not
// compute (it converts a pointer into a one-dimensional copy only).
// Before, the statement kept the host pointer and wrote host memory,
// which the poisoned copy then overwrote.
#include <stdio.h>
#include <stdlib.h>

static void scale(int *m, int rows, int cols)
{
    for (int r = 0; r < rows; r++) {
        int *p = m + r * cols;
#pragma ferry isolate
        for (int c = 0; c < cols; c++)
            p[c] = p[c] * 2 + r;
    }
}

int main(int argc, char **argv)
{
    int rows = argc > 2 ? atoi(argv[1]) : 4, cols = argc > 2 ? atoi(argv[2]) : 5;
    if (rows < 1 || cols < 1 || rows > 100 || cols > 100)
        return 1;
    int *m = malloc(rows * cols * sizeof *m);
    for (int i = 0; i < rows * cols; i++)
        m[i] = i % 11;
    scale(m, rows, cols);
    long s = 0;
    for (int i = 0; i < rows * cols; i++)
        s += (long)m[i] * (i % 5 + 1);
    printf("%ld\n", s);
    free(m);
    return 0;
}
