// ferry-test: isolate --function transpose
// ferry-test: run 10 7 => to=560 from=560
// ferry-test: run 3 1 => to=24 from=24
// Flattened matrices through plain pointers, as legacy C passes them:
// a[i * cols + j] read, b[j * rows + i] written. Inside transpose the
// products are delinearised (a has rows of cols, b rows of rows): a is read
// whole, rows x cols doubles; b written exactly and whole, nothing loaded.
// to = from = 8 * rows * cols: 10 7 -> 560; 3 1 -> 24.
// (legacy_flat_call.c isolates the call in main instead.)
#include <stdio.h>
#include <stdlib.h>

void transpose(int rows, int cols, const double *a, double *b)
{
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            b[j * rows + i] = a[i * cols + j];
}

int main(int argc, char **argv)
{
    int rows = argc > 1 ? atoi(argv[1]) : 10;
    int cols = argc > 2 ? atoi(argv[2]) : 7;
    double *a = malloc(rows * cols * sizeof(double));
    double *b = malloc(rows * cols * sizeof(double));
    for (int k = 0; k < rows * cols; k++)
        a[k] = k % 17;
#pragma ferry isolate
    transpose(rows, cols, a, b);
    double s = 0;
    for (int k = 0; k < rows * cols; k++)
        s += b[k] * (k % 5 + 1);
    printf("%.1f\n", s);
    return 0;
}
