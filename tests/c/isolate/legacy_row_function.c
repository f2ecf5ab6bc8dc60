// ferry-test: isolate --pragma
// ferry-test: run 4 5 => to=20 from=20
// ferry-test: run 1 1 => to=4 from=4
// ferry-test: run 7 3 => to=12 from=12
// A function over one row of a flat matrix, `m[r * cols + c]`, where the
// row r is a parameter like the row length cols: either could be the
// length of a row. The one that keeps every column inside its row (c <
// cols, from the loop) is: m is seen as m[r][c], and the loop moves one
// row (before, the product r * cols made the region unbounded and the
// loop was refused).
// m[r][0..cols-1] read and written -> 4 cols each way.
// 4 5 -> 20 / 20; 1 1 -> 4 / 4; 7 3 -> 12 / 12.
#include <stdio.h>
#include <stdlib.h>

static void scale_row(int *m, int cols, int r)
{
#pragma ferry isolate
    for (int c = 0; c < cols; c++)
        m[r * cols + c] = m[r * cols + c] * 3 + c;
}

int main(int argc, char **argv)
{
    int rows = argc > 2 ? atoi(argv[1]) : 4, cols = argc > 2 ? atoi(argv[2]) : 5;
    if (rows < 1 || cols < 1 || rows > 100 || cols > 100)
        return 1;
    int *m = malloc(rows * cols * sizeof *m);
    for (int i = 0; i < rows * cols; i++)
        m[i] = i % 11;
    scale_row(m, cols, rows / 2);
    long s = 0;
    for (int i = 0; i < rows * cols; i++)
        s += (long)m[i] * (i % 5 + 1);
    printf("%ld\n", s);
    free(m);
    return 0;
}
