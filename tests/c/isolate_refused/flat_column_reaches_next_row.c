// ferry-test: isolate --function shift
// ferry-test: refuse 12:31: `w` is subscripted as a flattened array, but not seen with rows
// w[r * cols + c + 1] reaches the first element of the next row at
// c = cols - 1: w cannot be seen with rows of cols elements, its flat
// region is unknown, and the refusal says which subscript is in the way.
#include <stdio.h>
#include <stdlib.h>
void shift(int rows, int cols, double *w)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            w[r * cols + c] = w[r * cols + c + 1];
}

int main(int argc, char **argv)
{
    int rows = atoi(argv[1]), cols = atoi(argv[2]);
    double *w = calloc(rows * cols + 1, sizeof(double));
    shift(rows, cols, w);
    printf("%g\n", w[0]);
    free(w);
    return 0;
}
