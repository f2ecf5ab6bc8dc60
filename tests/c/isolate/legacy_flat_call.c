// ferry-test: isolate --pragma
// ferry-test: run 10 7 => to=560 from=560
// ferry-test: run 3 5 => to=120 from=120
// ferry-test: run 1 1 => to=8 from=8
// The call of a function that reads a flattened matrix a[i * cols + j]
// with rows and cols known only when the program runs. Inside transpose
// the products delinearise (a has rows of cols, b rows of rows); at the
// call, in main, the flat offsets are products of two variables. Every
// column of every row is touched, so the regions are the exact runs
// [0, rows * cols) of a (read) and of b (written whole, nothing loaded),
// bounded by the product rows * cols, which the copies compute at run
// time. to = from = 8 * rows * cols: 10 7 -> 560; 3 5 -> 120; 1 1 -> 8.
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
