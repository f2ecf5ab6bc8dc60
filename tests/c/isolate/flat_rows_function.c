// ferry-test: isolate --function scale
// ferry-test: run 3 4 => to=96 from=96
// ferry-test: run 1 1 => to=8 from=8
// ferry-test: run 5 2 => to=80 from=80
// --function on a flat array: double *m subscripted m[r * cols + c], seen
// with rows of cols elements (the loop proves 0 <= c <= cols - 1).
// m: R = W = IN = [0,rows-1]x[0,cols-1] exact, OUT the same (main prints
// every element). rows and cols come from the command line and keep their
// values in main, so each call site's region of m is the exact run
// [0, rows * cols), bounded by the product rows * cols; the two calls are
// isolated where they are, and m's buffer lives across both: loaded
// before the first, stored after the second, 8 * rows * cols bytes each
// way; rows, cols, f read only, passed by value, 0.
// 3 4: 96 each way. 1 1: 8. 5 2: 80.
#include <stdio.h>
#include <stdlib.h>

void scale(int rows, int cols, double *m, double f)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] = f * m[r * cols + c] + c;
}

int main(int argc, char **argv)
{
    int rows = atoi(argv[1]), cols = atoi(argv[2]);
    double *m = malloc(sizeof(double) * rows * cols);
    for (int i = 0; i < rows * cols; i++)
        m[i] = i * 0.5;
    scale(rows, cols, m, 1.5);
    scale(rows, cols, m, -0.25);
    for (int i = 0; i < rows * cols; i++)
        printf("%.17g\n", m[i]);
    free(m);
    return 0;
}
