// ferry-test: isolate --pragma
// ferry-test: run 4 5 => to=80 from=80
// ferry-test: run 1 1 => to=4 from=4
// ferry-test: run 7 3 => to=84 from=84
// A row pointer set before the isolated loop, `int *p = m + r * cols;`,
// over a flat matrix seen with rows (m[r][c]): each outer iteration
// isolates the loop over one row. The buffer holds whole rows from row r
// on, so p's copy points at (m_accel - r * cols) + (p - m), the copy's
// row 0 (before, the loop kept the host pointer and wrote host memory,
// which the poisoned copy then overwrote: 291 printed for 672).
// Per iteration: m[r][0..cols-1] read and written -> 4 cols each way;
// over the rows: 4 rows cols each way. 4 5 -> 80 / 80; 1 1 -> 4 / 4;
// 7 3 -> 84 / 84.
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
