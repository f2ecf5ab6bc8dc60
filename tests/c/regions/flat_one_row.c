/* Functions over one row of a flat matrix: `m[r * cols + c]` with the row
 * r a parameter that keeps its value, like the row length. Either factor
 * could be the row length; the one that keeps every column inside its
 * row is chosen (cols: c < cols), so m is seen as m[r][c]: the row r,
 * exact. `sum_rows` reads rows lo..hi with the row as a loop index.
 * `bump_run` writes n elements from the start of row r, n possibly past
 * the row's end: not seen with rows, its region is the run [r*cols,
 * r*cols + n), the product named as a parameter of its own. */
// args: 5 4 | 1 1 | 3 7
#include <stdio.h>
#include <stdlib.h>

static void scale_row(int *m, int cols, int r, int k)
{
    for (int c = 0; c < cols; c++)
        m[r * cols + c] = m[r * cols + c] * k + c;
}

static void bump_run(int *m, int cols, int r, int n)
{
    for (int c = 0; c < n; c++)
        m[r * cols + c] += 1;
}

static long sum_rows(const int *m, int cols, int lo, int hi)
{
    long s = 0;
    for (int r = lo; r <= hi; r++)
        for (int c = 0; c < cols; c++)
            s += m[r * cols + c];
    return s;
}

int main(int argc, char **argv)
{
    int rows = argc > 2 ? atoi(argv[1]) : 5, cols = argc > 2 ? atoi(argv[2]) : 4;
    if (rows < 1 || cols < 1 || rows > 50 || cols > 50)
        return 1;
    int *m = malloc(rows * cols * sizeof *m);
    for (int i = 0; i < rows * cols; i++)
        m[i] = i % 7;
    scale_row(m, cols, rows / 2, 3);
    scale_row(m, cols, rows - 1, 2);
    bump_run(m, cols, rows / 3, cols + 1 < rows * cols - rows / 3 * cols ? cols + 1 : cols);
    printf("%ld\n", sum_rows(m, cols, 0, rows - 1));
    free(m);
    return 0;
}
