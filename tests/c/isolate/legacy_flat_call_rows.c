// ferry-test: isolate --pragma
// ferry-test: run 4 3 => to=168 from=168
// ferry-test: run 2 5 => to=120 from=120
// ferry-test: run 1 6 => to=48 from=48
// Flattened matrices passed with an offset and partly written, the row
// length known only when the program runs (see legacy_flat_call.c):
// - scale_rows on `a + cols` with rows - 1 rows reads and writes
//   a[cols .. rows * cols - 1] exactly: 8 * (rows - 1) * cols bytes each
//   way;
// - clear_diagonal writes one element per row of b, so its region is the
//   may run [0, rows * cols): b is loaded first (the elements it does not
//   write keep their values) and stored back, 8 * rows * cols bytes each
//   way.
// to = from = 8 * (rows - 1) * cols + 8 * rows * cols:
// 4 3 -> 72 + 96 = 168; 2 5 -> 40 + 80 = 120; 1 6 -> 0 + 48 = 48.
#include <stdio.h>
#include <stdlib.h>

static void scale_rows(int rows, int cols, double *m, double k)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            m[i * cols + j] = m[i * cols + j] * k;
}

static void clear_diagonal(int rows, int cols, double *m)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            if (i == j)
                m[i * cols + j] = 0;
}

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 4;
    int cols = argc > 2 ? atoi(argv[2]) : 3;
    double *a = malloc(rows * cols * sizeof(double));
    double *b = malloc(rows * cols * sizeof(double));
    for (int k = 0; k < rows * cols; k++) {
        a[k] = k % 7;
        b[k] = k % 5 + 1;
    }
#pragma ferry isolate
    scale_rows(rows - 1, cols, a + cols, 2.0);
#pragma ferry isolate
    clear_diagonal(rows, cols, b);
    double s = 0;
    for (int k = 0; k < rows * cols; k++)
        s += a[k] * (k + 1) + 3 * b[k];
    printf("%.1f\n", s);
    free(a);
    free(b);
    return 0;
}
